import 'server-only';
import { and, eq, gte, inArray, lt, lte, sql, type Column } from 'drizzle-orm';
import { leads, testAttempts, tutorApplications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { LEAD_LIST_KINDS } from '@/lib/leads/filters';
import { chatFirstAnswerShare, type FirstAnswerShare } from '@/lib/chat-help/metrics';
import { callbackPromiseShare, type PromiseShare } from './callback-share';
import { reviewMetrics, type ReviewMetrics } from './review-metrics';
import { DAY_MS } from '@/lib/time/calendar';
import { dashboardWindows, notDemo } from './time';
import { schoolDateSql } from '@/lib/time/school-sql';

export type LeadKind = (typeof LEAD_LIST_KINDS)[number];
/** A figure for today (Almaty) and for the last 30 days, today included. */
export interface TodayAndMonth {
  today: number;
  month: number;
}

export interface SalesFigures {
  leadsByKind: Record<LeadKind, TodayAndMonth>;
  leadsTotal: TodayAndMonth;
  /** Callbacks still new past their due time, now. */
  callbacksOverdue: number;
  tests: { kazakh: TodayAndMonth; placement: TodayAndMonth };
  registrations: { student: TodayAndMonth; tutor: TodayAndMonth };
  callbackShare: { week: PromiseShare; month: PromiseShare };
  /** Chat help's first answer within 15 minutes of a question asked on duty (lib/chat-help/metrics.ts). */
  chatShare: { week: FirstAnswerShare; month: FirstAnswerShare };
  /** Leads per Almaty day and kind over the 30 days, oldest first. */
  leadsPerDay: ({ date: string } & Record<LeadKind, number>)[];
}

export interface ReviewFigures {
  /** Waiting for a decision (submitted or in review). */
  waiting: number;
  /** Waiting, due within the next 2 days (not yet overdue). */
  dueSoon: number;
  /** Waiting, past their review due date. */
  overdue: number;
  decidedToday: number;
  metrics: ReviewMetrics;
}

const zero = (): TodayAndMonth => ({ today: 0, month: 0 });
const kindsRecord = <T>(make: () => T) => Object.fromEntries(LEAD_LIST_KINDS.map((k) => [k, make()])) as Record<LeadKind, T>;
const byKey = (rows: ({ key: string } & TodayAndMonth)[], key: string): TodayAndMonth => {
  const r = rows.find((x) => x.key === key);
  return r ? { today: r.today, month: r.month } : zero();
};
/** The Almaty calendar date of a timestamp column, in SQL that needs no time-zone tables. */
const almatyDay = (col: Column) => schoolDateSql(col);

/** What sales needs at a glance: leads, the callback promise, tests taken and registrations. */
export async function salesFigures(db: Db, now = new Date()): Promise<SalesFigures> {
  const w = dashboardWindows(now);
  const inMonth = (col: Column) => and(gte(col, w.since), lte(col, now));
  const todayCount = (col: Column) => sql<number>`count(*) filter (where ${gte(col, w.today)})::int`;

  const [byKind, perDay, [overdue], tests, regs, week, month, chatWeek, chatMonth] = await Promise.all([
    db.select({ kind: leads.kind, today: todayCount(leads.createdAt), month: sql<number>`count(*)::int` }).from(leads).where(inMonth(leads.createdAt)).groupBy(leads.kind),
    db
      .select({ date: almatyDay(leads.createdAt), kind: leads.kind, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(inMonth(leads.createdAt))
      .groupBy(almatyDay(leads.createdAt), leads.kind),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.kind, 'callback'), eq(leads.status, 'new'), lt(leads.callbackDueAt, now))),
    db
      .select({ key: testAttempts.kind, today: todayCount(testAttempts.finishedAt), month: sql<number>`count(*)::int` })
      .from(testAttempts)
      .where(and(eq(testAttempts.status, 'finished'), inMonth(testAttempts.finishedAt)))
      .groupBy(testAttempts.kind),
    db.select({ key: users.role, today: todayCount(users.createdAt), month: sql<number>`count(*)::int` }).from(users).where(and(inMonth(users.createdAt), notDemo(users.id))).groupBy(users.role),
    callbackPromiseShare(db, 7, now),
    callbackPromiseShare(db, 30, now),
    chatFirstAnswerShare(db, 7, now),
    chatFirstAnswerShare(db, 30, now),
  ]);

  const leadsByKind = kindsRecord(zero);
  const leadsTotal = zero();
  for (const r of byKind) {
    // A kind the list does not know yet still counts in the total.
    if (r.kind in leadsByKind) leadsByKind[r.kind as LeadKind] = { today: r.today, month: r.month };
    leadsTotal.today += r.today;
    leadsTotal.month += r.month;
  }
  const days = new Map(w.dates.map((date) => [date, { date, ...kindsRecord(() => 0) }]));
  for (const r of perDay) {
    const day = days.get(r.date);
    if (day && r.kind in leadsByKind) day[r.kind as LeadKind] = r.n;
  }
  return {
    leadsByKind,
    leadsTotal,
    callbacksOverdue: overdue?.n ?? 0,
    tests: { kazakh: byKey(tests, 'kazakh'), placement: byKey(tests, 'placement') },
    registrations: { student: byKey(regs, 'student'), tutor: byKey(regs, 'tutor') },
    callbackShare: { week, month },
    chatShare: { week: chatWeek, month: chatMonth },
    leadsPerDay: [...days.values()],
  };
}

const WAITING = ['submitted', 'in_review'] as const;

/** What reviewers need: the queue against its due dates, and how the 5-business-day promise is kept. */
export async function reviewFigures(db: Db, now = new Date()): Promise<ReviewFigures> {
  const w = dashboardWindows(now);
  const soon = new Date(now.getTime() + 2 * DAY_MS);
  const due = tutorApplications.reviewDueAt;
  const [[queue], [decided], metrics] = await Promise.all([
    db
      .select({
        waiting: sql<number>`count(*)::int`,
        overdue: sql<number>`count(*) filter (where ${lt(due, now)})::int`,
        dueSoon: sql<number>`count(*) filter (where ${and(gte(due, now), lt(due, soon))})::int`,
      })
      .from(tutorApplications)
      .where(and(inArray(tutorApplications.status, [...WAITING]), notDemo(tutorApplications.userId))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tutorApplications)
      .where(and(gte(tutorApplications.decidedAt, w.today), lte(tutorApplications.decidedAt, now), notDemo(tutorApplications.userId))),
    reviewMetrics(db, 30, now),
  ]);
  return { waiting: queue?.waiting ?? 0, overdue: queue?.overdue ?? 0, dueSoon: queue?.dueSoon ?? 0, decidedToday: decided?.n ?? 0, metrics };
}
