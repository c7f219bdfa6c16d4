import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { lookupCertificate } from '@/lib/certificates/lookup';
import { auditLog, certificates, kazakhTestTakers, testAttempts } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { TEST_TOKEN_HEADER, type AttemptView } from '@/lib/quiz/attempts';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { withConfirmedPhone } from '@/test/sms';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Started = { token: string; test: AttemptView };
type Row = { attemptId: number; iin: string; name: string; level: string | null; annulledAt: string | null; certificate: { id: number; number: string; revokedAt: string | null } | null; company: { name: string } | null };

let serial = 300_000;
/** A fresh checksum-valid IIN (born 1992-02-02). */
function freshIin(): string {
  for (;;) {
    const first11 = `920202${String(serial++).slice(-5)}`;
    const d = [...first11].map(Number);
    let s = d.reduce((sum, x, i) => sum + (i + 1) * x, 0) % 11;
    if (s === 10) s = d.reduce((sum, x, i) => sum + [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][i]! * x, 0) % 11;
    if (s !== 10) return first11 + s;
  }
}
let octet = 0;
/** Every start from its own /24, so the per-address limits stay out of the way. */
const freshAddress = () => `172.${16 + (++octet >> 8)}.${octet & 255}.9`;

describe(`back office: Kazakh test takers, annulment and one retake, revoked certificates (${dbLabel()})`, () => {
  let t: OpenDb;
  let kazakh: (req: NextRequest) => Promise<Response>, finish: (req: NextRequest) => Promise<Response>, answers: (req: NextRequest) => Promise<Response>, pdf: (req: NextRequest) => Promise<Response>;
  let list: unknown, annul: unknown, revoke: unknown;
  let admin: Awaited<ReturnType<typeof enrolledStaff>>, sales: Awaited<ReturnType<typeof enrolledStaff>>;

  const start = async (iin: string, extra: object = {}) =>
    kazakh(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, { firstName: 'Әйгерім', lastName: 'Нұрмағанбетова', iin, workerCode: 'HR-17', consent: CONSENT_VERSION, ...extra }), { ip: freshAddress(), locale: 'kk' }));
  const withToken = (path: string, token: string, method = 'POST', body: unknown = {}) =>
    new NextRequest(`http://localhost${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': 'en', [TEST_TOKEN_HEADER]: token, 'x-forwarded-for': freshAddress() },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
  /** Starts and finishes a sitting answering every item (the first option): a level and a certificate. */
  async function sit(iin: string, extra: object = {}) {
    const res = await start(iin, extra);
    expect(res.status).toBe(201);
    const { token, test } = (await res.json()) as Started;
    const all = Object.fromEntries(test.items.map((i) => [i.id, 0]));
    const done = (await (await finish(withToken('/api/tests/attempt/finish', token, 'POST', { answers: all }))).json()) as { test: AttemptView };
    return { token, attemptId: await lastAttemptId(), number: done.test.certificate!.number };
  }
  /** The newest sitting (the suite starts them one after another). */
  const lastAttemptId = async () => (await t.db.select({ id: testAttempts.id }).from(testAttempts).orderBy(desc(testAttempts.id)).limit(1))[0]!.id;
  const rows = async (qs = '', cookie = sales.cookie) => {
    const res = await call(list, staffRequest(`/api/admin/tests?${qs}`, { cookie }));
    expect(res.status).toBe(200);
    return (await res.json()) as { rows: Row[]; total: number };
  };

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    ({ POST: kazakh } = await import('../../tests/kazakh/route'));
    ({ POST: finish } = await import('../../tests/attempt/finish/route'));
    ({ PUT: answers } = await import('../../tests/attempt/answers/route'));
    ({ GET: pdf } = await import('../../tests/attempt/certificate/route'));
    ({ GET: list } = await import('./route'));
    ({ POST: annul } = await import('./attempts/[id]/annul/route'));
    ({ POST: revoke } = await import('../certificates/[id]/revoke/route'));
    admin = await enrolledStaff(t.db, { email: 'admin@school.kz', scopes: ['admin'] });
    sales = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales'] });
  });
  afterAll(() => t.close());

  it('lists takers per company and overall with a masked IIN, level and certificate; filters work', async () => {
    const iin = freshIin();
    const sat = await sit(iin, { company: 'demo' });
    await sit(freshIin());
    const all = await rows();
    expect(all.total).toBe(2);
    const demo = await rows('company=1');
    expect(demo.rows).toHaveLength(1);
    expect(demo.rows[0]).toMatchObject({ attemptId: sat.attemptId, iin: `•••• •••• ${iin.slice(-4)}`, name: 'Нұрмағанбетова Әйгерім', company: { name: 'Demo Company LLP' }, certificate: { number: sat.number, revokedAt: null } });
    expect(demo.rows[0]!.level).toMatch(/^(A0|A1|A2|B1|B2|C1)$/);
    expect(JSON.stringify(all)).not.toContain(iin);
    expect((await rows('company=none')).total).toBe(1);
    expect((await rows(`q=${iin.slice(-4)}`)).rows.map((r) => r.attemptId)).toContain(sat.attemptId);
    expect((await rows(`q=${sat.number}`)).total).toBe(1);
    expect((await rows('annulled=yes')).total).toBe(0);
    expect((await rows('certificate=issued')).total).toBe(2);
    const bad = await call(list, staffRequest('/api/admin/tests?level=Z9&company=abc', { cookie: sales.cookie }));
    expect(bad.status).toBe(422);
  });

  it('an IIN never annulled is refused a second start, for everyone, as before', async () => {
    const iin = freshIin();
    await sit(iin);
    const again = await start(iin);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe('test_already_taken');
  });

  it('sales cannot annul (403); an admin annuls with a reason: the sitting, its taker row and its certificate are marked in one go, with audit rows', async () => {
    const iin = freshIin();
    const sat = await sit(iin);
    const path = `/api/admin/tests/attempts/${sat.attemptId}/annul`;
    expect((await call(annul, staffRequest(path, { body: { reason: 'Laptop broke mid-test' }, cookie: sales.cookie }), { id: String(sat.attemptId) })).status).toBe(403);
    const short = await call(annul, staffRequest(path, { body: { reason: 'x' }, cookie: admin.cookie, locale: 'kk' }), { id: String(sat.attemptId) });
    expect(short.status).toBe(422);
    expect(((await short.json()) as ErrorBody).error.fields?.reason).toBe('Себебін бірнеше сөзбен болса да жазыңыз');
    const ok = await call(annul, staffRequest(path, { body: { reason: 'Laptop broke mid-test' }, cookie: admin.cookie }), { id: String(sat.attemptId) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: sat.attemptId, certificateRevoked: sat.number });

    const [attempt] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, sat.attemptId));
    expect(attempt).toMatchObject({ annulReason: 'Laptop broke mid-test', annulledBy: admin.id });
    const [taker] = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.attemptId, sat.attemptId));
    expect(taker!.annulledAt).toEqual(attempt!.annulledAt);
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.attemptId, sat.attemptId));
    expect(cert).toMatchObject({ revokeReason: 'Laptop broke mid-test' });
    expect(cert!.revokedAt).toEqual(attempt!.annulledAt);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.actorId, admin.id), inArray(auditLog.entity, ['test_attempt', 'certificate'])));
    expect(audits.map((a) => a.action).sort()).toEqual(['attempt.annul', 'certificate.revoke']);
    expect(audits.find((a) => a.action === 'attempt.annul')).toMatchObject({ entity: 'test_attempt', entityId: String(sat.attemptId), before: { annulled: false }, after: { annulled: true, reason: 'Laptop broke mid-test', certificate: sat.number } });

    // The annulled sitting's certificate: the PDF is refused (410), the public page says revoked.
    const download = await pdf(withToken('/api/tests/attempt/certificate', sat.token, 'GET'));
    expect(download.status).toBe(410);
    expect(((await download.json()) as ErrorBody).error).toEqual({ code: 'certificate_revoked', message: 'The school has revoked this certificate, so it can no longer be downloaded.' });
    const looked = await lookupCertificate(t.db, 'ip-a', sat.number);
    expect(looked.status === 'found' && looked.certificate.revokedAt).toEqual(cert!.revokedAt);
    expect((await rows('annulled=yes')).rows.map((r) => r.attemptId)).toEqual([sat.attemptId]);
    expect((await call(annul, staffRequest(path, { body: { reason: 'Once more please' }, cookie: admin.cookie }), { id: String(sat.attemptId) })).status).toBe(409);
  });

  it('after an annulment, 10 parallel starts with that IIN: exactly one succeeds; the retake then blocks further starts', async () => {
    const iin = freshIin();
    const first = await sit(iin);
    const ok = await call(annul, staffRequest(`/api/admin/tests/attempts/${first.attemptId}/annul`, { body: { reason: 'Power cut in the office' }, cookie: admin.cookie }), { id: String(first.attemptId) });
    expect(ok.status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => start(iin)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(((await r.json()) as ErrorBody).error.code).toBe('test_already_taken');
    // One live taker row for the IIN: the retake. The refused starts left nothing behind.
    const live = await t.db.select().from(kazakhTestTakers).where(and(eq(kazakhTestTakers.iinLast4, iin.slice(-4)), isNull(kazakhTestTakers.annulledAt)));
    expect(live).toHaveLength(1);
    // Still refused later, sequentially too.
    expect((await start(iin)).status).toBe(409);
    // And 10 more in parallel: all refused.
    expect((await Promise.all(Array.from({ length: 10 }, () => start(iin)))).map((r) => r.status)).toEqual(Array(10).fill(409));
  });

  it('an annulled sitting that was still running takes no more answers and issues no certificate', async () => {
    const res = await start(freshIin());
    const { token, test } = (await res.json()) as Started;
    const attempt = { id: await lastAttemptId() };
    expect((await call(annul, staffRequest(`/api/admin/tests/attempts/${attempt!.id}/annul`, { body: { reason: 'Wrong person at the desk' }, cookie: admin.cookie }), { id: String(attempt!.id) })).status).toBe(200);
    const save = await answers(withToken('/api/tests/attempt/answers', token, 'PUT', { answers: { [test.items[0]!.id]: 0 } }));
    expect(save.status).toBe(409);
    expect(((await save.json()) as ErrorBody).error.code).toBe('test_annulled');
    const all = Object.fromEntries(test.items.map((i) => [i.id, 0]));
    expect((await finish(withToken('/api/tests/attempt/finish', token, 'POST', { answers: all }))).status).toBe(409);
    expect(await t.db.select().from(certificates).where(eq(certificates.attemptId, attempt!.id))).toHaveLength(0);
    // Placement sittings and unknown ids cannot be annulled.
    expect((await call(annul, staffRequest('/api/admin/tests/attempts/999999/annul', { body: { reason: 'No such sitting' }, cookie: admin.cookie }), { id: '999999' })).status).toBe(404);
  });

  it('sales cannot revoke (403); an admin revokes with a reason: audit row, PDF refused, the public look-up says revoked and when', async () => {
    const sat = await sit(freshIin());
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.attemptId, sat.attemptId));
    const path = `/api/admin/certificates/${cert!.id}/revoke`;
    expect((await call(revoke, staffRequest(path, { body: { reason: 'Forged identity' }, cookie: sales.cookie }), { id: String(cert!.id) })).status).toBe(403);
    expect((await pdf(withToken('/api/tests/attempt/certificate', sat.token, 'GET'))).status).toBe(200);
    const ok = await call(revoke, staffRequest(path, { body: { reason: 'Forged identity' }, cookie: admin.cookie }), { id: String(cert!.id) });
    expect(ok.status).toBe(200);
    const [after] = await t.db.select().from(certificates).where(eq(certificates.id, cert!.id));
    expect(after).toMatchObject({ revokeReason: 'Forged identity' });
    const looked = await lookupCertificate(t.db, 'ip-b', sat.number);
    expect(looked).toMatchObject({ status: 'found', certificate: { number: sat.number, revokedAt: after!.revokedAt } });
    expect((await pdf(withToken('/api/tests/attempt/certificate', sat.token, 'GET'))).status).toBe(410);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'certificate.revoke'), eq(auditLog.entityId, String(cert!.id))));
    expect(row).toMatchObject({ actorId: admin.id, entity: 'certificate', before: { revoked: false }, after: { revoked: true, reason: 'Forged identity', number: sat.number } });
    // The sitting is not annulled by a revocation: the once-per-IIN rule still holds for this person.
    expect((await rows('certificate=revoked')).rows.map((r) => r.certificate?.number)).toContain(sat.number);
    expect((await call(revoke, staffRequest(path, { body: { reason: 'Forged identity' }, cookie: admin.cookie }), { id: String(cert!.id) })).status).toBe(409);
  });
});
