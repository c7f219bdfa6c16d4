import 'server-only';
import { and, count, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { lessonWords, wordCards, wordReviews } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { addDays } from '@/lib/time/calendar';
import { schoolDateOf } from '@/lib/time/school-clock';
import { schoolDateSql } from '@/lib/time/school-sql';

/**
 * The trainer's day (docs/library.md "Self-study and the trainer"): how many words are due, and the
 * streak: the school days (Asia/Almaty) in a row with at least one review, ending today, or ending
 * yesterday while today has none yet (a streak stands until its day is over).
 */

/** Words due by `now` (cards due and words never reviewed): the trainer's count. */
export async function dueCount(db: Db, studentId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessonWords)
    .leftJoin(wordCards, and(eq(wordCards.wordId, lessonWords.id), eq(wordCards.studentId, studentId)))
    .where(and(eq(lessonWords.studentId, studentId), or(isNull(wordCards.due), lte(wordCards.due, now))));
  return row?.n ?? 0;
}

/** The streak of school days with a review, as of `now`; `today`: whether today already counts. */
export async function reviewStreak(db: Db, studentId: number, now: Date): Promise<{ days: number; today: boolean }> {
  const day = schoolDateSql(wordReviews.reviewedAt);
  const rows = await db
    .selectDistinct({ day })
    .from(wordReviews)
    .where(and(eq(wordReviews.studentId, studentId), lte(wordReviews.reviewedAt, now)))
    .orderBy(desc(day))
    .limit(1000);
  const days = new Set(rows.map((r) => r.day));
  const today = schoolDateOf(now);
  let cursor = days.has(today) ? today : addDays(today, -1);
  let n = 0;
  while (days.has(cursor)) {
    n += 1;
    cursor = addDays(cursor, -1);
  }
  return { days: n, today: days.has(today) };
}
