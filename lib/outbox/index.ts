import 'server-only';
import { and, eq, lte, or, isNull, sql } from 'drizzle-orm';
import { outbox } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

export type OutboxMessage = typeof outbox.$inferSelect;
export type NewOutboxMessage = Pick<typeof outbox.$inferInsert, 'channel' | 'recipient' | 'subject' | 'body' | 'ics'>;

/** Delivers one message or throws; drivers: log, SMTP (and SMS gateways later). */
export type Sender = (message: OutboxMessage) => Promise<void>;

export const MAX_ATTEMPTS = 12;

export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export async function enqueue(db: Db, message: NewOutboxMessage): Promise<number> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  return row!.id;
}

/**
 * Sends what is due. A row is claimed with a short lease so that parallel workers (several
 * instances) never send it twice; a failure schedules a retry with a growing delay.
 */
export async function processOutbox(db: Db, senders: Partial<Record<'email' | 'sms', Sender>>, now = new Date(), batch = 20) {
  const lease = new Date(now.getTime() + 60_000);
  const claimed = await db
    .update(outbox)
    .set({ lockedUntil: lease })
    .where(
      sql`${outbox.id} in (select id from ${outbox} where ${and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
      )} order by ${outbox.id} limit ${batch} for update skip locked)`,
    )
    .returning();
  let sent = 0;
  let failed = 0;
  for (const message of claimed) {
    const send = senders[message.channel];
    try {
      if (!send) throw new Error(`no driver for ${message.channel}`);
      await send(message);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, attempts: message.attempts + 1, lastError: null })
        .where(eq(outbox.id, message.id));
      sent++;
    } catch (err) {
      failed++;
      const attempts = message.attempts + 1;
      await db
        .update(outbox)
        .set({
          attempts,
          lockedUntil: null,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + backoffSeconds(attempts) * 1000),
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        })
        .where(eq(outbox.id, message.id));
    }
  }
  return { claimed: claimed.length, sent, failed };
}
