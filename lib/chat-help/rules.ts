// Tutor chat help's published rules (docs/chat-help.md; the offer's section 4.11; the cabinet's
// page shows them): pure arithmetic and clock reading, no database. The price is the tariff page's
// (lib/tariffs.ts PRICES.chatHelpPerHour): 500 ₸ an hour.
import type { WeeklyRules } from '@/lib/db/schema';
import { PRICES } from '@/lib/tariffs';
import { SCHOOL_OFFSET_MINUTES } from '@/lib/time/school-clock';
import { CHAT_HOUR_OPTIONS, CHAT_MESSAGE_MAX } from '@/lib/validations/chat-help';

export { CHAT_HOUR_OPTIONS, CHAT_MESSAGE_MAX };

/** Time is counted in blocks of 6 minutes: ten to the hour. */
export const CHAT_BLOCK_MINUTES = 6;
export const CHAT_BLOCKS_PER_HOUR = 60 / CHAT_BLOCK_MINUTES;
/** An hour of chat help, in tiyn (500 ₸), and a block of it (50 ₸). */
export const CHAT_HOUR_TIYN = PRICES.chatHelpPerHour * 100;
export const CHAT_BLOCK_TIYN = CHAT_HOUR_TIYN / CHAT_BLOCKS_PER_HOUR;
/** The tutor earns half of every block they answer in (25 ₸ a block, 250 ₸ an hour), in the month's statement. */
export const CHAT_TUTOR_SHARE_PERCENT = 50;
export const CHAT_TUTOR_BLOCK_TIYN = (CHAT_BLOCK_TIYN * CHAT_TUTOR_SHARE_PERCENT) / 100;
/** One reply costs at most 3 blocks (18 minutes), however long the tutor took. */
export const CHAT_MAX_BLOCKS_PER_REPLY = 3;
/** The promise: during duty hours a question gets its first answer within 15 minutes. */
export const CHAT_FIRST_ANSWER_MINUTES = 15;
/** A question nobody has written in for a day is closed by itself. */
export const CHAT_IDLE_CLOSE_HOURS = 24;
/** A student has at most this many questions not closed at once. */
export const CHAT_OPEN_QUESTIONS_MAX = 3;

/**
 * What a tutor's reply costs: the minutes from the student's message it answers (the first one not
 * answered yet; or the moment the tutor took the question, if later) to the reply, in started
 * 6-minute blocks, at least 1 and at most 3. A reply with no student message waiting costs nothing
 * (`waitingSince` null): a tutor's second message in a row is free.
 */
export function replyBlocks(waitingSince: Date | null, replyAt: Date): number {
  if (!waitingSince) return 0;
  const minutes = Math.max(0, replyAt.getTime() - waitingSince.getTime()) / 60_000;
  return Math.min(CHAT_MAX_BLOCKS_PER_REPLY, Math.max(1, Math.ceil(minutes / CHAT_BLOCK_MINUTES)));
}

/** Whole blocks a balance holds (a refund leaves none over: a block is whole tenge). */
export const blocksOf = (tiyn: number): number => Math.floor(Math.max(0, tiyn) / CHAT_BLOCK_TIYN);

/** Whether `at` falls in the weekly ranges (ISO weekday → minutes from midnight, the school's time). */
export function withinWeekly(weekly: WeeklyRules, at: Date): boolean {
  const local = new Date(at.getTime() + SCHOOL_OFFSET_MINUTES * 60_000);
  const weekday = String(((local.getUTCDay() + 6) % 7) + 1) as keyof WeeklyRules;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return (weekly[weekday] ?? []).some(([from, to]) => minute >= from && minute < to);
}
