// POST /api/dev/lesson-now {lessonId, minutesAgo?} - development and e2e only (ENABLE_DEV_TOOLS): a booked lesson starts now, so its room opens (minutesAgo < 0: it starts that many minutes from now).
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { startLessonNowForDev } from '@/lib/lesson-room/dev';

const schema = z.object({ lessonId: z.number().int().positive(), minutesAgo: z.number().int().min(-120).max(29).optional() });

export const POST = route(async (ctx) => {
  const { lessonId, minutesAgo } = await ctx.body(schema);
  return startLessonNowForDev(ctx.db, lessonId, minutesAgo);
}, { devTools: true });
