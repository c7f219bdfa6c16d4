import 'server-only';
import { and, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { tutorApplications } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { DAY_MS } from '@/lib/time/calendar';
import { notDemo } from './time';

export interface ReviewMetrics {
  /** Applications decided (approved, rejected or returned for changes) in the window. */
  decided: number;
  /** The median of decidedAt − submittedAt, in hours; null when nothing was decided. */
  medianHours: number | null;
  /** Decided by their review due date (5 business days after submission). */
  inTime: number;
  share: number | null;
}

/** The tutor review promise over the last `days` days: the median review time and the share decided in time. */
export async function reviewMetrics(db: Db, days: number, now = new Date()): Promise<ReviewMetrics> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const hours = sql`extract(epoch from (${tutorApplications.decidedAt} - ${tutorApplications.submittedAt})) / 3600.0`;
  const [row] = await db
    .select({
      decided: sql<number>`count(*)::int`,
      median: sql<string | number | null>`percentile_cont(0.5) within group (order by ${hours})`,
      inTime: sql<number>`count(*) filter (where ${tutorApplications.decidedAt} <= ${tutorApplications.reviewDueAt})::int`,
    })
    .from(tutorApplications)
    .where(and(isNotNull(tutorApplications.decidedAt), gte(tutorApplications.decidedAt, since), lte(tutorApplications.decidedAt, now), notDemo(tutorApplications.userId)));
  const decided = row?.decided ?? 0;
  const inTime = row?.inTime ?? 0;
  return { decided, medianHours: row?.median == null ? null : Number(row.median), inTime, share: decided ? inTime / decided : null };
}
