import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { startSmtp } from '@/test/smtp';
import { enqueue, MAX_ATTEMPTS, OUTBOX_LEASE_MS, processOutbox, type OutboxMessage } from './index';
import { createMailSender, smtpTimeouts } from './mail';

describe(`outbox delivery over SMTP (${dbLabel()})`, () => {
  const t = useTestDb();
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('keeps a message the server refuses and sends it on a later pass', async () => {
    const send = await createMailSender({ smtpUrl: smtp.url, from: 'Tilmen <no-reply@tilmen.kz>', production: true });
    const id = await enqueue(t.db, { channel: 'email', recipient: 'sales@tilmen.kz', subject: 'Lead', body: 'Айгүл, +7 701 123 45 67' });

    smtp.state.failing = true;
    const now = new Date();
    expect(await processOutbox(t.db, { email: send }, now)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    let [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    // The first retry waits 30 s from the failure (the pass's clock moves on in real time while it sends).
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(30_000);
    const due = row!.nextAttemptAt;

    // Not due yet: nothing is sent early.
    expect((await processOutbox(t.db, { email: send }, now)).claimed).toBe(0);

    smtp.state.failing = false;
    // Due: a pass at its time sends it (a fixed 31 s after `now` was too early on a loaded machine, where the failing send took over a second).
    expect(await processOutbox(t.db, { email: send }, due)).toMatchObject({ sent: 1 });
    [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['sales@tilmen.kz']);
    expect(smtp.mails[0]!.raw).toContain('Subject: Lead');
  });

  it('two workers at once send a message only once', async () => {
    const send = await createMailSender({ smtpUrl: smtp.url, from: 'no-reply@tilmen.kz', production: true });
    const before = smtp.mails.length;
    for (let i = 0; i < 6; i++) await enqueue(t.db, { channel: 'email', recipient: `s${i}@tilmen.kz`, subject: `N${i}`, body: 'x' });
    const now = new Date(Date.now() + 60 * 60_000);
    const [a, b] = await Promise.all([processOutbox(t.db, { email: send }, now), processOutbox(t.db, { email: send }, now)]);
    expect(a.sent + b.sent).toBe(6);
    expect(smtp.mails.length - before).toBe(6);
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    const id = await enqueue(t.db, { channel: 'email', recipient: 'x@tilmen.kz', subject: 'S', body: 'B' });
    await t.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(outbox.id, id));
    await processOutbox(t.db, { email: async () => { throw new Error('down'); } }, new Date(Date.now() + 10 * 3600_000));
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'down' });
  });

  it('gives up on a stalled SMTP server well within the lease (timeouts below it) and retries later', async () => {
    // Every timeout is a fraction of the lease; the defaults (2 min to connect, 10 min of silence) were longer than it.
    for (const lease of [OUTBOX_LEASE_MS, 9000, 3000]) {
      const t = smtpTimeouts(lease);
      for (const v of Object.values(t)) expect(v).toBeLessThanOrEqual(lease / 3);
    }
    expect(smtpTimeouts().socketTimeout).toBe(20_000);
    const leaseMs = 3000; // socket timeout 1 s
    const send = await createMailSender({ smtpUrl: smtp.url, from: 'no-reply@tilmen.kz', production: true, leaseMs });
    const before = smtp.mails.length;
    const id = await enqueue(t.db, { channel: 'email', recipient: 'stall@tilmen.kz', subject: 'Stall', body: 'x' });
    smtp.state.delays.push(2500); // the answer to DATA comes after the client's socket timeout
    const started = Date.now();
    const now = new Date(Date.now() + 20 * 3600_000);
    expect(await processOutbox(t.db, { email: send }, now, { leaseMs })).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(leaseMs);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row!.lastError).toMatch(/timeout/i);
    // The server, answering late, finds the client gone and keeps nothing; the retry delivers it once.
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.state.dropped).toBeGreaterThanOrEqual(1);
    expect(smtp.mails.length).toBe(before);
    expect(await processOutbox(t.db, { email: send }, new Date(now.getTime() + 40_000), { leaseMs })).toMatchObject({ sent: 1 });
    expect(smtp.mails.filter((m) => m.to.includes('stall@tilmen.kz'))).toHaveLength(1);
  });

  it('renews the lease while a slow batch is sent: a worker starting after the first lease would have run out sends nothing twice', async () => {
    const leaseMs = 600;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueue(t.db, { channel: 'email', recipient: `slow${i}@tilmen.kz`, subject: `S${i}`, body: 'x' }));
    const sends: number[] = [];
    // 300 ms a message: the batch of five lasts 1.5 s, more than twice the lease.
    const slow = async (m: OutboxMessage) => {
      sends.push(m.id);
      await new Promise((r) => setTimeout(r, 300));
    };
    const now = new Date(Date.now() + 30 * 3600_000);
    const first = processOutbox(t.db, { email: slow }, now, { leaseMs });
    // Two more workers come by after the first lease has run out (each with the clock moved on as much).
    await new Promise((r) => setTimeout(r, 800));
    const second = await processOutbox(t.db, { email: slow }, new Date(now.getTime() + 800), { leaseMs });
    await new Promise((r) => setTimeout(r, 400));
    const third = await processOutbox(t.db, { email: slow }, new Date(now.getTime() + 1200), { leaseMs });
    expect(second.claimed + third.claimed).toBe(0);
    expect(await first).toMatchObject({ claimed: 5, sent: 5, lost: 0 });
    expect(sends.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    const rows = await t.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.lockedUntil === null)).toBe(true);
  });

  it('leaves a message whose lease another worker took over to that worker', async () => {
    const leaseMs = 600;
    const a = await enqueue(t.db, { channel: 'email', recipient: 'own@tilmen.kz', subject: 'A', body: 'x' });
    const b = await enqueue(t.db, { channel: 'email', recipient: 'taken@tilmen.kz', subject: 'B', body: 'x' });
    const sends: number[] = [];
    const foreign = new Date(Date.now() + 50 * 3600_000);
    const send = async (m: OutboxMessage) => {
      sends.push(m.id);
      // Meanwhile (as after a stall past the lease) another worker claimed the second message.
      if (m.id === a) await t.db.update(outbox).set({ lockedUntil: foreign }).where(eq(outbox.id, b));
      await new Promise((r) => setTimeout(r, 400));
    };
    const result = await processOutbox(t.db, { email: send }, new Date(Date.now() + 40 * 3600_000), { leaseMs });
    expect(result).toMatchObject({ claimed: 2, sent: 1, lost: 1 });
    expect(sends).toEqual([a]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, b));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.lockedUntil!.getTime()).toBe(foreign.getTime());
  });
});
