import 'server-only';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { dbErrorInfo } from '@/lib/db/errors';
import { lessons } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/**
 * Development and e2e only (the route is behind ENABLE_DEV_TOOLS): moves a booked lesson so that it
 * started `minutesAgo` minutes ago (30 minutes long), so its room can be entered at once; a negative
 * value starts it that many minutes from now (the reminders' window).
 */
export async function startLessonNowForDev(db: Db, lessonId: number, minutesAgo = 1, now = new Date()): Promise<{ id: number; startsAt: string }> {
  const startsAt = new Date(now.getTime() - minutesAgo * 60_000);
  let row: { id: number } | undefined;
  try {
    [row] = await db
      .update(lessons)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), updatedAt: now })
      .where(and(eq(lessons.id, lessonId), eq(lessons.status, 'booked')))
      .returning({ id: lessons.id });
  } catch (err) {
    // Another lesson of the tutor or the student already takes that time (the no-overlap constraint): 409, never a 500 (security.md I2).
    if (dbErrorInfo(err).code === '23P01') throw new ApiError(409, 'slot_taken');
    throw err;
  }
  if (!row) throw new ApiError(404, 'not_found');
  return { id: row.id, startsAt: startsAt.toISOString() };
}
