import type { PromoState } from '@/lib/validations/promo-admin';

/** The badge colour of each promo code state. */
export const PROMO_TONES: Record<PromoState, 'good' | 'neutral' | 'info' | 'warn' | 'bad'> = { active: 'good', inactive: 'neutral', scheduled: 'info', expired: 'warn', exhausted: 'bad' };
