import type { GroupStatus } from '@/lib/validations/groups';

/** A group's status badge colour in the back office. */
export const GROUP_TONES: Record<GroupStatus, 'neutral' | 'good' | 'warn' | 'bad' | 'info'> = { draft: 'neutral', open: 'good', running: 'info', finished: 'neutral', cancelled: 'bad' };
