import 'server-only';
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/**
 * The one-hour promise, kept or not, for the dashboard: callbacks that came in during the last
 * `days` days, and those first contacted by their deadline (a callback still new and past it, or
 * answered late, is missed; one still new and within its hour is not counted yet).
 * `share` is null when there is nothing to count.
 */
export async function callbackPromiseShare(db: Db, days: number, now = new Date()): Promise<{ total: number; inTime: number; share: number | null }> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${leads.contactedAt} is not null or ${leads.callbackDueAt} < ${now.toISOString()}::timestamptz)::int`,
      inTime: sql<number>`count(*) filter (where ${leads.contactedAt} <= ${leads.callbackDueAt})::int`,
    })
    .from(leads)
    .where(and(eq(leads.kind, 'callback'), isNotNull(leads.callbackDueAt), gte(leads.createdAt, since), lte(leads.createdAt, now)));
  const total = row?.total ?? 0;
  const inTime = row?.inTime ?? 0;
  return { total, inTime, share: total ? inTime / total : null };
}
