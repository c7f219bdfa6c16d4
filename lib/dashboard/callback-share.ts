import 'server-only';
import { and, eq, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import { leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { DAY_MS } from '@/lib/time/calendar';

export interface PromiseShare {
  /** Callbacks whose outcome is known: contacted, or still new past their due time. */
  counted: number;
  inTime: number;
  /** inTime ÷ counted, or null when nothing was counted. */
  share: number | null;
}

/**
 * The one-hour callback promise over the last `days` days (callbacks received in that window): a
 * callback is in time when it was contacted by its due time; one still new past its due time, or
 * closed as lost without a call, is missed; one not yet due and not yet contacted is not counted.
 */
export async function callbackPromiseShare(db: Db, days: number, now = new Date()): Promise<PromiseShare> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const [row] = await db
    .select({
      counted: sql<number>`count(*)::int`,
      inTime: sql<number>`count(*) filter (where ${leads.contactedAt} <= ${leads.callbackDueAt})::int`,
    })
    .from(leads)
    .where(
      and(
        eq(leads.kind, 'callback'),
        gte(leads.createdAt, since),
        lte(leads.createdAt, now),
        isNotNull(leads.callbackDueAt),
        // Closed as lost without a call: missed at once, even before its due time.
        or(isNotNull(leads.contactedAt), lte(leads.callbackDueAt, now), eq(leads.status, 'lost')),
      ),
    );
  const counted = row?.counted ?? 0;
  const inTime = row?.inTime ?? 0;
  return { counted, inTime, share: counted ? inTime / counted : null };
}
