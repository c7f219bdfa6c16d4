import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { startSmtp } from '@/test/smtp';
import { enqueue, MAX_ATTEMPTS, processOutbox } from './index';
import { createMailSender } from './mail';

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
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());

    // Not due yet: nothing is sent early.
    expect((await processOutbox(t.db, { email: send }, now)).claimed).toBe(0);

    smtp.state.failing = false;
    const later = new Date(now.getTime() + 31_000);
    expect(await processOutbox(t.db, { email: send }, later)).toMatchObject({ sent: 1 });
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
});
