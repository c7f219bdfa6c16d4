import 'server-only';
import { and, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
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

/** How long a claimed message is reserved for the worker that claimed it (OUTBOX_LEASE_MS). */
export const OUTBOX_LEASE_MS = 60_000;

export interface OutboxOptions {
  /** Messages claimed at once (20). */
  batch?: number;
  /** The lease (OUTBOX_LEASE_MS): renewed every third of it while the batch is being sent. */
  leaseMs?: number;
}

/**
 * Sends what is due, exactly once across parallel workers (several instances). A worker claims a
 * batch with a lease (`locked_until`, FOR UPDATE SKIP LOCKED); nobody else claims those rows until
 * the lease runs out. A slow SMTP server or gateway must never let it run out under a batch still
 * being sent, or a second instance would claim and send the same messages: so the lease of the
 * messages not sent yet is renewed every third of it while the batch lasts (and before each send
 * when it is half gone), and the drivers' own timeouts (lib/outbox/mail.ts) stay well below it, so
 * one stuck send ends as a failure instead of holding the batch. A message whose lease was lost
 * anyway (the process stalled past it and another worker took the row) is left to that worker.
 * A failure schedules a retry with a growing delay. Only a crash between the server accepting a
 * message and the row being marked sent can still send it twice (at-least-once, as any outbox).
 */
export async function processOutbox(db: Db, senders: Partial<Record<'email' | 'sms', Sender>>, now = new Date(), opts: OutboxOptions = {}) {
  const batch = opts.batch ?? 20;
  const leaseMs = opts.leaseMs ?? OUTBOX_LEASE_MS;
  // The caller's clock (tests pass one ahead of the real one), moving on in real time.
  const offset = now.getTime() - Date.now();
  const clock = () => new Date(Date.now() + offset);
  let lease = new Date(now.getTime() + leaseMs);
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
  // Oldest first (RETURNING comes in no particular order).
  claimed.sort((x, y) => x.id - y.id);
  /** The claimed messages not sent yet whose lease this worker still holds. */
  const held = new Set(claimed.map((m) => m.id));
  let renewal: Promise<void> | null = null;
  /** Moves the lease of the held messages on; rows whose lease is no longer ours are dropped. */
  const renew = () => {
    renewal ??= (async () => {
      try {
        if (held.size === 0) return;
        const next = new Date(clock().getTime() + leaseMs);
        const kept = await db
          .update(outbox)
          .set({ lockedUntil: next })
          .where(and(inArray(outbox.id, [...held]), eq(outbox.status, 'pending'), eq(outbox.lockedUntil, lease)))
          .returning({ id: outbox.id });
        const still = new Set(kept.map((r) => r.id));
        for (const id of held) if (!still.has(id)) held.delete(id);
        lease = next;
      } catch (err) {
        // The next renewal tries again; the lease still has two thirds to run.
        console.error('[outbox] lease renewal failed:', err instanceof Error ? err.message : err);
      } finally {
        renewal = null;
      }
    })();
    return renewal;
  };
  const timer = claimed.length > 0 ? setInterval(() => void renew(), Math.max(100, Math.floor(leaseMs / 3))) : null;
  timer?.unref();
  let sent = 0;
  let failed = 0;
  let lost = 0;
  try {
    for (const message of claimed) {
      if (lease.getTime() - clock().getTime() < leaseMs / 2) await renew();
      await renewal;
      if (!held.has(message.id)) {
        lost++;
        continue;
      }
      const send = senders[message.channel];
      try {
        if (!send) throw new Error(`no driver for ${message.channel}`);
        await send(message);
        held.delete(message.id);
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, attempts: message.attempts + 1, lastError: null })
          .where(eq(outbox.id, message.id));
        sent++;
      } catch (err) {
        held.delete(message.id);
        failed++;
        const attempts = message.attempts + 1;
        await db
          .update(outbox)
          .set({
            attempts,
            lockedUntil: null,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(clock().getTime() + backoffSeconds(attempts) * 1000),
            lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          })
          .where(eq(outbox.id, message.id));
      }
    }
  } finally {
    if (timer) clearInterval(timer);
    await renewal;
  }
  return { claimed: claimed.length, sent, failed, lost };
}
