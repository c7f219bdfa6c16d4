import 'server-only';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { lessons } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { notifyLesson } from './notify';

const HOUR = 3_600_000;

/**
 * The lesson reminders (the callback reminders' pattern, lib/leads/reminders.ts): 24 hours and 1 hour
 * before a booked lesson, both sides, through the outbox. Each is claimed by setting its
 * `reminded…At` in the same transaction as the messages, so parallel instances send it once; a
 * lesson booked less than a day ahead gets only the hour's reminder (its booking message said it
 * all), and a reschedule clears both marks.
 */
export async function remindLessons(db: Db, now = new Date()): Promise<number> {
  let sent = 0;
  for (const [mark, lead, event] of [
    [lessons.remindedDayAt, 24 * HOUR, 'reminder_day'],
    [lessons.remindedHourAt, HOUR, 'reminder_hour'],
  ] as const) {
    const due = await db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.status, 'booked'), isNull(mark), gt(lessons.startsAt, now), lte(lessons.startsAt, new Date(now.getTime() + lead))))
      .limit(200);
    for (const { id } of due) {
      const done = await transaction(db, async (tx) => {
        const set = event === 'reminder_day' ? { remindedDayAt: now } : { remindedHourAt: now };
        const [lesson] = await tx
          .update(lessons)
          .set(set)
          .where(and(eq(lessons.id, id), eq(lessons.status, 'booked'), isNull(mark)))
          .returning();
        if (!lesson) return false;
        // Booked within the last hours before the day's mark: the booking message is the reminder.
        const fresh = event === 'reminder_day' && lesson.createdAt.getTime() > lesson.startsAt.getTime() - 24 * HOUR;
        // The hour's reminder makes the day's one pointless when both fall due together.
        if (event === 'reminder_day' && lesson.startsAt.getTime() - now.getTime() <= 2 * HOUR) return false;
        if (!fresh) await notifyLesson(tx, lesson, event);
        return !fresh;
      });
      if (done) sent++;
    }
  }
  return sent;
}
