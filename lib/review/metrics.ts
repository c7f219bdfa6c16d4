import 'server-only';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { addBusinessDays } from '@/lib/time/business-days';
import { TUTOR_REVIEW_BUSINESS_DAYS } from '@/lib/auth/register';
import { applicationEvents, tutorApplications } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { OPEN_STATUSES } from '@/lib/validations/review';

/** Decisions end a round; a submission or a resubmission starts one. */
export const DECISION_EVENTS = ['approved', 'rejected', 'changes_requested'] as const;
export const SUBMISSION_EVENTS = ['submitted', 'resubmitted'] as const;
/** "Due soon": an open application whose due date comes within this many hours. */
export const DUE_SOON_HOURS = 24;

export interface ReviewMetrics {
  /** Decisions (approve, reject, ask for changes) made in the window: one per round decided. */
  decided: number;
  /** Median hours from a round's submission to its decision; null without decisions. */
  medianHours: number | null;
  /** Share (0…1) of those decisions made by the round's due date (5 business days); null without decisions. */
  withinPromiseShare: number | null;
  /** Open (submitted or in review) now, not yet overdue, due within DUE_SOON_HOURS. */
  dueSoon: number;
  /** Open now and past the due date. */
  overdue: number;
  /** Open now in all. */
  open: number;
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The review figures of the dashboard over the last `days` days up to `now`. Each decision is
 * measured from the submission that started its round (the newest submission event before it;
 * for an application older than the history, its submission time), and is within the promise when
 * made by that submission's due date, 5 Kazakh business days later — what the tutor was shown.
 */
export async function reviewMetrics(db: Db, days: number, now = new Date()): Promise<ReviewMetrics> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const roundStart = sql<Date | null>`(
    select max(s.created_at) from ${applicationEvents} s
    where s.application_id = ${applicationEvents.applicationId}
      and s.type in ('submitted', 'resubmitted')
      and s.created_at <= ${applicationEvents.createdAt}
  )`.mapWith(applicationEvents.createdAt);
  const decisions = await db
    .select({ decidedAt: applicationEvents.createdAt, roundStart, appSubmittedAt: tutorApplications.submittedAt })
    .from(applicationEvents)
    .innerJoin(tutorApplications, eq(tutorApplications.id, applicationEvents.applicationId))
    .where(and(inArray(applicationEvents.type, [...DECISION_EVENTS]), gte(applicationEvents.createdAt, since), lt(applicationEvents.createdAt, now)));
  const hours: number[] = [];
  let within = 0;
  for (const d of decisions) {
    const submitted = d.roundStart ?? d.appSubmittedAt;
    hours.push(Math.max(0, d.decidedAt.getTime() - submitted.getTime()) / 3_600_000);
    if (d.decidedAt.getTime() <= addBusinessDays(submitted, TUTOR_REVIEW_BUSINESS_DAYS).getTime()) within++;
  }
  const at = now.toISOString();
  const soon = new Date(now.getTime() + DUE_SOON_HOURS * 3_600_000).toISOString();
  const [open] = await db
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`count(*) filter (where ${tutorApplications.reviewDueAt} < ${at}::timestamptz)::int`,
      dueSoon: sql<number>`count(*) filter (where ${tutorApplications.reviewDueAt} >= ${at}::timestamptz and ${tutorApplications.reviewDueAt} < ${soon}::timestamptz)::int`,
    })
    .from(tutorApplications)
    .where(inArray(tutorApplications.status, [...OPEN_STATUSES]));
  const med = median(hours);
  return {
    decided: decisions.length,
    medianHours: med === null ? null : Math.round(med * 10) / 10,
    withinPromiseShare: decisions.length ? within / decisions.length : null,
    dueSoon: open?.dueSoon ?? 0,
    overdue: open?.overdue ?? 0,
    open: open?.open ?? 0,
  };
}
