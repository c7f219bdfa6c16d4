// Group lessons (issue 33): the words of a group and its limits, with no imports: the tables' checks
// (lib/db/tables/groups.ts, loaded by drizzle-kit in plain Node), the money model and the forms read
// them from here (lib/validations/groups.ts re-exports them with the staff's form).

export const GROUP_SUBJECTS = ['english', 'kazakh'] as const;
export type GroupSubject = (typeof GROUP_SUBJECTS)[number];
/** The CEFR bands the site teaches groups at (the placement and Kazakh tests' levels). */
export const GROUP_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1'] as const;
export type GroupLevel = (typeof GROUP_LEVELS)[number];
export const AGE_BANDS = ['kids_5_8', 'kids_9_12', 'teens', 'adults'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** draft (staff only) → open (on sale) → running (first lesson started) → finished; or cancelled. */
export const GROUP_STATUSES = ['draft', 'open', 'running', 'finished', 'cancelled'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
/**
 * held: kept while its buyer pays (or offered to the first of the waitlist); paid; cancelled: a hold
 * that lapsed or was declined (no money); refunded: the money went back (left, group cancelled, or
 * paid for a group that had filled); moved: to another group (a seat of its own there).
 */
export const SEAT_STATUSES = ['held', 'paid', 'cancelled', 'refunded', 'moved'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];
export const WAITLIST_STATUSES = ['waiting', 'offered', 'taken', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** "Small groups of up to 6" (every landing, the FAQ): the most seats a group may have. */
export const GROUP_MAX_SEATS = 6;
/** The default minimum to start (the issue: "under its minimum (e.g. 3)"). */
export const GROUP_MIN_SEATS_DEFAULT = 3;
/** "Group lessons from 3 500 ₸ a lesson" (lib/tariffs.ts PRICES.groupFrom): the lowest price per lesson, in tiyn. */
export const GROUP_PRICE_MIN_TIYN = 350_000;
export const GROUP_LESSON_MINUTES = { min: 30, max: 120, default: 60 } as const;
export const GROUP_LESSONS_MAX = 120;
