import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { auditLog, certificatePdfs, certificates, kazakhTestTakers, leadEvents, leads, testAttempts } from '@/lib/db/schema';
import { findCertificate } from '@/lib/certificates/find';
import { certificateOfAttempt } from '@/lib/quiz/attempts';
import { pruneTables } from '@/lib/server/services';
import { dbLabel, useTestDb } from '@/test/db';
import { anonymisePersonalData } from './retention';

const DAY = 86_400_000;
const now = new Date('2029-06-01T09:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

describe(`personal data retention (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  async function lead(name: string, phone: string, createdAt: Date) {
    const [row] = await t.db
      .insert(leads)
      .values({ kind: 'callback', name, phone, locale: 'ru', page: '/', answers: { goal: 'work' }, ipHash: 'ip-hash', consentVersion: CONSENT_VERSION, consentAt: createdAt, createdAt, status: 'won' })
      .returning();
    await t.db.insert(leadEvents).values({ leadId: row!.id, type: 'note', note: `${name} asked to call after six, e-mail ${name}@mail.kz` });
    return row!;
  }

  async function taker(token: string, iinHash: string, createdAt: Date, number: string) {
    const [attempt] = await t.db.insert(testAttempts).values({ tokenHash: sha256(token), kind: 'kazakh', seed: 's', itemCount: 30, locale: 'kk', status: 'finished', level: 'B1', createdAt }).returning();
    const [row] = await t.db
      .insert(kazakhTestTakers)
      .values({ iinHash, iinLast4: '0417', firstName: 'Әйгерім', lastName: 'Нұрмағанбетова', workerCode: 'HR-17', attemptId: attempt!.id, consentVersion: CONSENT_VERSION, consentAt: createdAt, createdAt })
      .returning();
    const [cert] = await t.db
      .insert(certificates)
      .values({ number, attemptId: attempt!.id, takerId: row!.id, firstName: 'Әйгерім', lastName: 'Нұрмағанбетова', level: 'B1', levelName: 'Орта деңгей', companyName: 'KazTrans', issuedAt: createdAt })
      .returning();
    await t.db.insert(certificatePdfs).values({ certificateId: cert!.id, pdf: Buffer.from('%PDF-1.7 Әйгерім Нұрмағанбетова') });
    return { attempt: attempt!, taker: row!, cert: cert! };
  }

  it('the hourly job anonymises leads and test takers past their periods, keeps the rest, and says so in the audit log', async () => {
    // Defaults: leads 730 days, takers 1825 days (lib/env.ts).
    const oldLead = await lead('Гульнара', '+77015550001', ago(731));
    const recentLead = await lead('Ержан', '+77015550002', ago(700));
    const oldTaker = await taker('tok-old-0123456789abcdef', 'iin-hash-old', ago(1826), 'TLM-2024-7Q4M9XK2');
    const recentTaker = await taker('tok-new-0123456789abcdef', 'iin-hash-new', ago(1000), 'TLM-2026-8R5N2YL3');

    await pruneTables(now); // what the server's hourly timer runs

    const [gone] = await t.db.select().from(leads).where(eq(leads.id, oldLead.id));
    expect(gone).toMatchObject({ name: '', phone: '', answers: null, ipHash: null, kind: 'callback', status: 'won', consentVersion: CONSENT_VERSION });
    expect((await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, oldLead.id)))[0]!.note).toBeNull();
    const [kept] = await t.db.select().from(leads).where(eq(leads.id, recentLead.id));
    expect(kept).toMatchObject({ name: 'Ержан', phone: '+77015550002', answers: { goal: 'work' } });
    expect((await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, recentLead.id)))[0]!.note).toContain('Ержан');

    const [anon] = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.id, oldTaker.taker.id));
    expect(anon).toMatchObject({ firstName: '', lastName: '', workerCode: '', iinLast4: '', iinHash: `anonymised:${oldTaker.taker.id}` });
    const [liveTaker] = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.id, recentTaker.taker.id));
    expect(liveTaker).toMatchObject({ firstName: 'Әйгерім', iinHash: 'iin-hash-new', iinLast4: '0417' });

    // The verification page still confirms the old certificate, without a name; the PDF is gone.
    expect(await findCertificate(t.db, 'TLM-2024-7Q4M9XK2')).toMatchObject({ number: 'TLM-2024-7Q4M9XK2', name: null, level: 'B1', companyName: 'KazTrans', revokedAt: null });
    expect(await findCertificate(t.db, 'TLM-2026-8R5N2YL3')).toMatchObject({ name: 'Әйгерім Н.' });
    expect(await t.db.select().from(certificatePdfs).where(eq(certificatePdfs.certificateId, oldTaker.cert.id))).toEqual([]);
    expect(await t.db.$count(certificatePdfs, eq(certificatePdfs.certificateId, recentTaker.cert.id))).toBe(1);
    const raw = await t.db.select({ tokenHash: testAttempts.tokenHash }).from(testAttempts).where(eq(testAttempts.id, oldTaker.attempt.id));
    expect(raw).toHaveLength(1);

    // The person may sit the test again: the IIN no longer blocks a new row.
    await expect(taker('tok-again-0123456789abcdef', 'iin-hash-old', now, 'TLM-2029-9S6P3ZM4')).resolves.toBeTruthy();

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'retention.anonymise'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorKind: 'system', actorId: null, entity: 'retention' });
    expect(rows[0]!.after).toMatchObject({ leads: 1, takers: 1, certificates: 1, leadsBefore: ago(730).toISOString(), takersBefore: ago(1825).toISOString() });

    // The next pass finds nothing to do and writes no audit row.
    await pruneTables(new Date(now.getTime() + 3_600_000));
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'retention.anonymise'))).toBe(1);
  });

  it('honours configured periods, works in batches, and the taker can no longer download the PDF', async () => {
    await taker('tok-batch-0123456789abcdef', 'iin-hash-batch', ago(40), 'TLM-2029-2T7Q4AN5');
    for (let i = 0; i < 7; i++) await lead('Batch', `+7701555010${i}`, ago(40));
    const before = await t.db.$count(auditLog, eq(auditLog.action, 'retention.anonymise'));
    const done = await anonymisePersonalData(t.db, { leadDays: 30, takerDays: 30 }, now, { batch: 3 });
    expect(done).toEqual({ leads: expect.any(Number), takers: expect.any(Number), certificates: expect.any(Number) });
    expect(done.leads).toBeGreaterThanOrEqual(7);
    expect(done.takers).toBeGreaterThanOrEqual(1);
    expect(await t.db.$count(leads, eq(leads.name, 'Batch'))).toBe(0);
    // One audit row per batch, with that batch's counts; they add up to the totals.
    const rows = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'retention.anonymise'))).slice(before);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.reduce((n, r) => n + Number(r.after!.leads), 0)).toBe(done.leads);
    // The attempt's token no longer yields the certificate (the names and the PDF are gone).
    await expect(certificateOfAttempt(t.db, 'tok-batch-0123456789abcdef')).rejects.toMatchObject({ status: 404, code: 'certificate_not_found' });
  });
});
