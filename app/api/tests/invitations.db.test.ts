import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { auditLog, companyInvitations, companyUsers, kazakhTestTakers, outbox, rateLimits, testAttempts } from '@/lib/db/schema';
import { NOTIFY_BUDGET_KEY } from '@/lib/sms/notify-budget';
import type { OpenDb } from '@/lib/db/open';
import { deadlineDays } from '@/lib/company-portal/invitation-deadline';
import { COMPANY_SMS_DAILY_CAP, remindInvitations, sendInvitations } from '@/lib/company-portal/invitations';
import { findCertificate } from '@/lib/certificates/find';
import { hashIin, TEST_TOKEN_HEADER, type AttemptView } from '@/lib/quiz/attempts';
import { appSecret } from '@/lib/env';
import { iinCheckDigit } from '@/lib/iin';
import { addDays } from '@/lib/time/calendar';
import { invitationsSchema } from '@/lib/validations/company-roster';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { companyRequest, hrUser, insertCompany } from '@/test/company';
import { clockStandsStill, jsonRequest, nextIp } from '@/test/http';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { withConfirmedPhone } from '@/test/sms';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Started = { token: string; test: AttemptView };

let serial = 31_000;
/** A fresh checksum-valid IIN (born 1992-03-14). */
function freshIin(): string {
  for (;;) {
    const first11 = `920314${String(serial++).padStart(5, '0')}`;
    const check = iinCheckDigit([...first11].map(Number));
    if (check !== null) return first11 + check;
  }
}

function tokenRequest(path: string, token: string, opts: { method?: string; body?: unknown; locale?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': nextIp(), [TEST_TOKEN_HEADER]: token });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  return new NextRequest(`http://localhost${path}`, { method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'), headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}

describe(`personal invitations and roster-only mode (${dbLabel()})`, () => {
  let t: OpenDb;
  let kazakhStart: unknown, rosterCheck: unknown, inviteInfo: unknown, inviteStart: unknown, finish: unknown;
  let employeesGet: unknown, employeesPost: unknown, invite: unknown, settings: unknown;
  let companyA: number, companyB: number;
  let hrA = '', hrB = '';
  const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString();

  /** The personal link's token last sent to a phone (the outbox as the employee's phone). */
  async function smsToken(phone: string): Promise<string> {
    const [sms] = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone))).orderBy(desc(outbox.id)).limit(1);
    const token = sms?.body.match(/#([\w-]{20,100})/)?.[1];
    if (!token) throw new Error(`no link sent to ${phone}`);
    return token;
  }

  async function addEmployee(cookie: string, e: { lastName: string; firstName: string; iin: string; phone?: string; email?: string; locale?: string }) {
    const r = await call(employeesPost, companyRequest('/api/company/employees', { body: { positionCode: 'KZ-1', ...e }, cookie }));
    expect(r.status).toBe(201);
    return ((await r.json()) as { id: number }).id;
  }

  async function roster(cookie: string, status?: string) {
    const r = await call(employeesGet, companyRequest(`/api/company/employees${status ? `?status=${status}` : ''}`, { cookie }));
    expect(r.status).toBe(200);
    return ((await r.json()) as { rows: { id: number; lastName: string; status: string; level: string | null }[] }).rows;
  }

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    kazakhStart = (await import('./kazakh/route')).POST;
    rosterCheck = (await import('./kazakh/roster-check/route')).POST;
    ({ GET: inviteInfo, POST: inviteStart } = await import('./invitation/route'));
    finish = (await import('./attempt/finish/route')).POST;
    ({ GET: employeesGet, POST: employeesPost } = await import('../company/employees/route'));
    invite = (await import('../company/invitations/route')).POST;
    settings = (await import('../company/settings/route')).PATCH;
    companyA = await insertCompany(t.db, 'inv-alpha', 'ТОО «Альфа»');
    companyB = await insertCompany(t.db, 'inv-beta', 'ТОО «Бета»');
    hrA = (await hrUser(t.db, { companyId: companyA, email: 'hr@inv-alpha.kz', phone: '+77017770001' })).cookie;
    hrB = (await hrUser(t.db, { companyId: companyB, email: 'hr@inv-beta.kz', phone: '+77017770002' })).cookie;
  });
  afterAll(() => t.close());

  it('roster-only: an IIN off the roster is refused in the taker’s language; a roster IIN gets yes and initials (L3), starts with the roster’s names and a certificate verified against the roster (I8)', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const onRoster = freshIin();
    const outside = freshIin();
    await addEmployee(hrA, { lastName: 'Сәрсенова', firstName: 'Әйгерім', iin: onRoster });
    const entry = (iin: string) => ({ firstName: 'Айдос', lastName: 'Серіков', iin, workerCode: 'KZ-1', consent: CONSENT_VERSION, company: 'inv-alpha' });

    // Off: anyone starts, and the roster is not probed.
    expect(await (await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', { company: 'inv-alpha', iin: onRoster }))).json()).toEqual({ rosterOnly: false });
    const off = await call(kazakhStart, jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin()))));
    expect(off.status).toBe(201);

    const on = await call(settings, companyRequest('/api/company/settings', { method: 'PATCH', body: { rosterOnly: true }, cookie: hrA }));
    expect(await on.json()).toEqual({ rosterOnly: true });

    for (const [locale, words] of [['kk', /ЖСН/], ['en', /not on the company/], ['ru', /нет в списке/]] as const) {
      const refused = await call(kazakhStart, jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(outside)), { locale }));
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as ErrorBody).error.fields?.iin).toMatch(words);
    }
    expect(await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.iinHash, hashIin(outside, appSecret())))).toHaveLength(0);

    const check = await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', { company: 'inv-alpha', iin: onRoster }));
    // L3: yes/no and the initials, never the names.
    expect(await check.json()).toEqual({ rosterOnly: true, onRoster: true, initials: 'Ә. С.' });
    expect(await (await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', { company: 'inv-alpha', iin: outside }))).json()).toEqual({ rosterOnly: true, onRoster: false });
    // A bad checksum is never looked up.
    const bad = onRoster.slice(0, 11) + ((Number(onRoster[11]) + 1) % 10);
    expect((await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', { company: 'inv-alpha', iin: bad }))).status).toBe(422);
    // Probing from one address stops after 10 look-ups.
    const ip = '10.250.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', { company: 'inv-alpha', iin: freshIin() }, { ip }))).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // L3: the company's hourly look-ups are counted per address range. Outsiders spending all of
    // theirs (300 from 30 addresses of one /24) leave the office's range its own.
    const outsiders: number[] = [];
    for (let i = 0; i < 31; i++) {
      for (let k = 0; k < 10; k++) outsiders.push((await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', { company: 'inv-alpha', iin: freshIin() }, { ip: `10.251.7.${i + 1}` }))).status);
    }
    expect(outsiders.filter((s) => s === 200)).toHaveLength(300);
    expect(outsiders.slice(-10)).toEqual(Array(10).fill(429));
    const office = await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', { company: 'inv-alpha', iin: onRoster }, { ip: '10.252.3.4' }));
    expect(office.status).toBe(200);
    expect(await office.json()).toMatchObject({ onRoster: true });

    const started = await call(kazakhStart, jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(onRoster))));
    expect(started.status).toBe(201);
    // I8: matched on the roster, so the roster's names are the taker's, and the certificate says
    // the identity was checked against the employer's roster (typed names are not what is printed).
    const startedBody = (await started.json()) as Started;
    expect(startedBody.test.taker).toMatchObject({ firstName: 'Әйгерім', lastName: 'Сәрсенова' });
    const [rosterTaker] = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.iinHash, hashIin(onRoster, appSecret())));
    expect(rosterTaker).toMatchObject({ firstName: 'Әйгерім', lastName: 'Сәрсенова', identityChecked: true });
    const rosterDone = ((await (await call(finish, tokenRequest('/api/tests/attempt/finish', startedBody.token, { body: { answers: Object.fromEntries(startedBody.test.items.map((item) => [item.id, 0])) } }))).json()) as Started).test;
    expect(rosterDone.certificate?.identityChecked).toBe(true);
    expect(await findCertificate(t.db, rosterDone.certificate!.number)).toMatchObject({ identityChecked: true, name: 'Әйгерім С.' });
    // A sitting of the open form (company not roster-only then) was not checked.
    expect(((await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.companyId, companyA))).find((r) => r.id !== rosterTaker!.id))!.identityChecked).toBe(false);
    // Another company's roster does not count: B is roster-only too, and A's employee is not on it.
    await call(settings, companyRequest('/api/company/settings', { method: 'PATCH', body: { rosterOnly: true }, cookie: hrB }));
    const elsewhere = await call(kazakhStart, jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, { ...entry(freshIin()), company: 'inv-beta' })));
    expect(elsewhere.status).toBe(422);
    await call(settings, companyRequest('/api/company/settings', { method: 'PATCH', body: { rosterOnly: false }, cookie: hrB }));
    await call(settings, companyRequest('/api/company/settings', { method: 'PATCH', body: { rosterOnly: false }, cookie: hrA }));
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'company.roster_only'));
    expect(audited.length).toBe(4);
  });

  it('a personal link: sent in the employee’s language, starts without an IIN, is bound to the employee, and 10 parallel starts make one attempt', async () => {
    const iin = freshIin();
    const other = freshIin();
    const id = await addEmployee(hrA, { lastName: 'Жұмабаев', firstName: 'Ерлан', iin, phone: '+77017771001', email: 'erlan@alpha.kz', locale: 'kk' });
    const r = await call(invite, companyRequest('/api/company/invitations', { body: { employeeIds: [id], channels: ['sms', 'email'], deadline: inTwoWeeks() }, cookie: hrA }));
    expect(await r.json()).toEqual({ sent: 1, skipped: [] });
    const token = await smsToken('+77017771001');
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'erlan@alpha.kz'));
    expect(mail!.subject).toContain('қазақ тілі тестіне шақыру');
    expect(mail!.body).toContain(`/kk/kazakh-test/inv-alpha/invite#${token}`);
    // Only the hash is stored.
    expect(JSON.stringify(await t.db.select().from(companyInvitations))).not.toContain(token);

    const info = await call(inviteInfo, tokenRequest('/api/tests/invitation', token));
    expect(await info.json()).toMatchObject({ invitation: { state: 'open', firstName: 'Ерлан', lastName: 'Жұмабаев', company: { slug: 'inv-alpha' } } });

    // Another IIN (or any name) cannot ride on the link: the body takes the consent only.
    const withIin = await call(inviteStart, tokenRequest('/api/tests/invitation', token, { body: { consent: CONSENT_VERSION, iin: other } }));
    expect(withIin.status).toBe(422);
    expect(await t.db.select().from(testAttempts).where(eq(testAttempts.companyId, companyA))).toHaveLength(2); // the two of the roster-only test

    const starts = await Promise.all(Array.from({ length: 10 }, () => call(inviteStart, tokenRequest('/api/tests/invitation', token, { body: { consent: CONSENT_VERSION } }))));
    expect(starts.map((s) => s.status)).toEqual(Array(10).fill(201));
    const bodies = (await Promise.all(starts.map((s) => s.json()))) as Started[];
    expect(new Set(bodies.map((b) => b.token))).toEqual(new Set([token]));
    const [inv] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.employeeId, id));
    const attempts = await t.db.select().from(testAttempts).where(eq(testAttempts.tokenHash, inv!.tokenHash));
    expect(attempts).toHaveLength(1);
    const takers = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.attemptId, attempts[0]!.id));
    expect(takers).toMatchObject([{ iinHash: hashIin(iin, appSecret()), iinLast4: iin.slice(-4), firstName: 'Ерлан', lastName: 'Жұмабаев' }]);
    expect(bodies[0]!.test.taker).toEqual({ firstName: 'Ерлан', lastName: 'Жұмабаев', iinLast4: iin.slice(-4) });
    // The employee's IIN typed into the public form now is "already taken"; the other IIN was never used.
    const publicAgain = await call(kazakhStart, jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, { firstName: 'Ерлан', lastName: 'Жұмабаев', iin, workerCode: 'KZ-1', consent: CONSENT_VERSION, company: 'inv-alpha' })));
    expect(publicAgain.status).toBe(409);
    expect(await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.iinHash, hashIin(other, appSecret())))).toHaveLength(0);

    // Status on the roster: started; a re-send is refused (the link is how the employee resumes).
    expect((await roster(hrA, 'started')).map((e) => e.id)).toEqual([id]);
    const resend = await call(invite, companyRequest('/api/company/invitations', { body: { employeeIds: [id], channels: ['sms'], deadline: inTwoWeeks() }, cookie: hrA }));
    expect(await resend.json()).toEqual({ sent: 0, skipped: [{ id, reason: 'started' }] });

    // Another device: the same link resumes the same sitting; finishing it shows the result, not a new test.
    const answers = Object.fromEntries(bodies[0]!.test.items.map((item) => [item.id, 0]));
    const done = await call(finish, tokenRequest('/api/tests/attempt/finish', token, { body: { answers } }));
    expect(done.status).toBe(200);
    const again = await call(inviteStart, tokenRequest('/api/tests/invitation', token, { body: { consent: CONSENT_VERSION } }));
    const view = ((await again.json()) as Started).test;
    expect(view.status).toBe('finished');
    expect(view.result?.determined).toBe(true);
    // I8: a sitting started from the personal link carries "verified against the employer's roster".
    expect(view.certificate?.identityChecked).toBe(true);
    expect(await findCertificate(t.db, view.certificate!.number)).toMatchObject({ identityChecked: true });
    expect(await (await call(inviteInfo, tokenRequest('/api/tests/invitation', token))).json()).toMatchObject({ invitation: { state: 'finished' } });
    const finished = await roster(hrA, 'finished');
    expect(finished).toMatchObject([{ id, status: 'finished', level: view.result?.level }]);
    // Company B's HR sees none of it, and cannot invite A's employee.
    expect(JSON.stringify(await roster(hrB))).not.toContain('Жұмабаев');
    const crossed = await call(invite, companyRequest('/api/company/invitations', { body: { employeeIds: [id], channels: ['sms'], deadline: inTwoWeeks() }, cookie: hrB }));
    expect(crossed.status).toBe(404);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'invitation.send'), eq(auditLog.entityId, String(id))))).toHaveLength(1);
  });

  it('an expired link says so and starts nothing; a re-send makes a new link and the old one stops working', async () => {
    const id = await addEmployee(hrA, { lastName: 'Оспанова', firstName: 'Гүлнар', iin: freshIin(), phone: '+77017771002', locale: 'en' });
    const [hr] = await t.db.select().from(companyUsers).where(eq(companyUsers.email, 'hr@inv-alpha.kz'));
    const actor = { kind: 'system' as const, id: null, label: 'test', ipHash: null };
    const long = new Date(Date.now() - 10 * 86_400_000);
    await sendInvitations(t.db, actor, { userId: hr!.id, companyId: companyA }, { employeeIds: [id], channels: ['sms'], deadline: new Date(Date.now() - 86_400_000) }, long);
    const token = await smsToken('+77017771002');
    expect(await (await call(inviteInfo, tokenRequest('/api/tests/invitation', token))).json()).toMatchObject({ invitation: { state: 'expired' } });
    const refused = await call(inviteStart, tokenRequest('/api/tests/invitation', token, { body: { consent: CONSENT_VERSION }, locale: 'en' }));
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(/expired/);
    expect((await roster(hrA, 'expired')).map((e) => e.id)).toEqual([id]);

    const resent = await call(invite, companyRequest('/api/company/invitations', { body: { employeeIds: [id], channels: ['sms'], deadline: inTwoWeeks() }, cookie: hrA }));
    expect(await resent.json()).toEqual({ sent: 1, skipped: [] });
    const fresh = await smsToken('+77017771002');
    expect(fresh).not.toBe(token);
    expect((await call(inviteInfo, tokenRequest('/api/tests/invitation', token))).status).toBe(404);
    expect(await (await call(inviteInfo, tokenRequest('/api/tests/invitation', fresh))).json()).toMatchObject({ invitation: { state: 'open' } });
    expect((await roster(hrA, 'invited')).map((e) => e.id)).toContain(id);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'invitation.resend'), eq(auditLog.entityId, String(id))))).toHaveLength(1);
  });

  it('the last day the invite form offers is taken at 10:00, 23:00 and 00:30 in Almaty; the day after it is refused (school days, not 90 × 24 hours)', async () => {
    const id = await addEmployee(hrA, { lastName: 'Жақыпова', firstName: 'Әсел', iin: freshIin(), email: 'asel@alpha.kz', locale: 'kk' });
    const [hr] = await t.db.select().from(companyUsers).where(eq(companyUsers.email, 'hr@inv-alpha.kz'));
    const actor = { kind: 'system' as const, id: null, label: 'test', ipHash: null };
    const send = (day: string, now: Date) => sendInvitations(t.db, actor, { userId: hr!.id, companyId: companyA }, { employeeIds: [id], channels: ['email'], deadline: invitationsSchema.shape.deadline.parse(day) }, now);
    // Fixed clocks, more than an hour apart (a re-send waits an hour): Wednesday 3 December 2025 at
    // 10:00 and 23:00 in Almaty, then Thursday 4 December at 00:30 (19:30 UTC on the 3rd).
    for (const now of [new Date('2025-12-03T05:00:00Z'), new Date('2025-12-03T18:00:00Z'), new Date('2025-12-03T19:30:00Z')]) {
      const { max } = deadlineDays(now);
      expect(max).toBe(now.getUTCHours() < 19 ? '2026-03-03' : '2026-03-04');
      await expect(send(addDays(max, 1), now)).rejects.toMatchObject({ status: 422, fields: { deadline: 'invite_deadline_range' } });
      expect(await send(max, now)).toEqual({ sent: 1, skipped: [] });
      const [row] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.employeeId, id));
      expect(row!.deadline.toISOString()).toBe(`${max}T18:59:59.999Z`); // the day's last moment in Almaty
    }
  });

  it('reminders go 2 days and 1 day before the deadline, once each, only to those who have not started', async () => {
    const waiting = await addEmployee(hrA, { lastName: 'Ахметов', firstName: 'Бауыржан', iin: freshIin(), phone: '+77017771003', locale: 'ru' });
    const deadline = new Date(Date.now() + 5 * 86_400_000);
    const r = await call(invite, companyRequest('/api/company/invitations', { body: { employeeIds: [waiting], channels: ['sms'], deadline: deadline.toISOString() }, cookie: hrA }));
    expect(r.status).toBe(200);
    const first = await smsToken('+77017771003');
    const count = async () => (await t.db.select().from(outbox).where(eq(outbox.recipient, '+77017771003'))).length;
    expect(await count()).toBe(1);
    await remindInvitations(t.db, new Date(deadline.getTime() - 3 * 86_400_000));
    expect(await count()).toBe(1);
    await remindInvitations(t.db, new Date(deadline.getTime() - 1.5 * 86_400_000));
    await remindInvitations(t.db, new Date(deadline.getTime() - 1.4 * 86_400_000));
    expect(await count()).toBe(2);
    const reminded = await smsToken('+77017771003');
    expect(reminded).not.toBe(first);
    // The reminder's link works; starting through it stops the day's reminder.
    expect((await call(inviteStart, tokenRequest('/api/tests/invitation', reminded, { body: { consent: CONSENT_VERSION } }))).status).toBe(201);
    await remindInvitations(t.db, new Date(deadline.getTime() - 0.5 * 86_400_000));
    expect(await count()).toBe(2);
  });

  it('staff switch roster-only on the back-office company page too (audited); the entry form then refuses an outside IIN', async () => {
    const admin = await enrolledStaff(t.db, { email: 'inv-admin@school.kz', scopes: ['admin'] });
    const patch = (await import('../admin/companies/[id]/route')).PATCH;
    const r = await call(patch, staffRequest(`/api/admin/companies/${companyB}`, { method: 'PATCH', body: { rosterOnly: true }, cookie: admin.cookie }), { id: String(companyB) });
    expect(r.status).toBe(200);
    const refused = await call(kazakhStart, jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, { firstName: 'Айдос', lastName: 'Серіков', iin: freshIin(), workerCode: 'KZ-1', consent: CONSENT_VERSION, company: 'inv-beta' }), { locale: 'en' }));
    expect(refused.status).toBe(422);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, String(companyB))));
    expect(row!.after).toMatchObject({ rosterOnly: true });
  });

  it('M3: a re-send to one employee waits an hour (429 invitation_too_soon), a company’s SMS per day are capped (429 company_sms_cap), and invitation SMS count in the notification budget (429 sms_budget_spent)', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const id = await addEmployee(hrA, { lastName: 'Тоқтаров', firstName: 'Нұрлан', iin: freshIin(), phone: '+77017771010', email: 'nurlan@alpha.kz', locale: 'en' });
    const body = { employeeIds: [id], channels: ['sms' as const], deadline: inTwoWeeks() };
    expect(await (await call(invite, companyRequest('/api/company/invitations', { body, cookie: hrA }))).json()).toEqual({ sent: 1, skipped: [] });
    const smsTo = async (phone: string) => (await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))).length;
    for (const [locale, words] of [['en', /less than an hour ago/], ['ru', /меньше часа назад/], ['kk', /бір сағаттан аз/]] as const) {
      const again = await call(invite, companyRequest('/api/company/invitations', { body, cookie: hrA, locale }));
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(((await again.json()) as ErrorBody).error).toMatchObject({ code: 'invitation_too_soon', message: expect.stringMatching(words) });
    }
    expect(await smsTo('+77017771010')).toBe(1);
    // An hour later the re-send goes.
    const [hr] = await t.db.select().from(companyUsers).where(eq(companyUsers.email, 'hr@inv-alpha.kz'));
    const actor = { kind: 'system' as const, id: null, label: 'test', ipHash: null };
    expect(await sendInvitations(t.db, actor, { userId: hr!.id, companyId: companyA }, { ...body, deadline: new Date(inTwoWeeks()) }, new Date(Date.now() + 61 * 60_000))).toEqual({ sent: 1, skipped: [] });
    expect(await smsTo('+77017771010')).toBe(2);

    const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    const other = await addEmployee(hrB, { lastName: 'Омарова', firstName: 'Сая', iin: freshIin(), phone: '+77017771011', email: 'saya@beta.kz', locale: 'ru' });
    // Company B has spent its day's invitation SMS: SMS refused (nothing queued), e-mail still goes.
    await t.db.insert(rateLimits).values({ key: `company:sms:${companyB}`, windowStart: day, count: COMPANY_SMS_DAILY_CAP });
    const capped = await call(invite, companyRequest('/api/company/invitations', { body: { ...body, employeeIds: [other], channels: ['sms', 'email'] }, cookie: hrB, locale: 'en' }));
    expect(capped.status).toBe(429);
    expect(((await capped.json()) as ErrorBody).error).toMatchObject({ code: 'company_sms_cap', message: expect.stringContaining('e-mail') });
    expect(await smsTo('+77017771011')).toBe(0);
    expect(await (await call(invite, companyRequest('/api/company/invitations', { body: { ...body, employeeIds: [other], channels: ['email'] }, cookie: hrB }))).json()).toEqual({ sent: 1, skipped: [] });

    // The school's notification SMS budget is spent: company A's SMS invitations are refused too.
    await t.db.insert(rateLimits).values({ key: NOTIFY_BUDGET_KEY, windowStart: day, count: 3000 }).onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: 3000 } });
    const third = await addEmployee(hrA, { lastName: 'Әлиев', firstName: 'Қайрат', iin: freshIin(), phone: '+77017771012', locale: 'kk' });
    const spent = await call(invite, companyRequest('/api/company/invitations', { body: { ...body, employeeIds: [third] }, cookie: hrA, locale: 'kk' }));
    expect(spent.status).toBe(429);
    expect(((await spent.json()) as ErrorBody).error.code).toBe('sms_budget_spent');
    expect(await smsTo('+77017771012')).toBe(0);
    await t.db.delete(rateLimits).where(eq(rateLimits.key, NOTIFY_BUDGET_KEY));
  });

  it('malformed bodies to the new calls are 4xx, never 5xx', async () => {
    const bodies: unknown[] = [null, 'x', [], {}, { employeeIds: 'all' }, { employeeIds: [1], channels: ['fax'], deadline: 'soon' }, { employeeIds: [1], channels: ['sms'], deadline: '2020-01-01' }, { rosterOnly: 'yes' }, { company: '../x', iin: 1 }, { consent: 'v0' }];
    for (const body of bodies) {
      for (const [handler, path, cookie] of [
        [invite, '/api/company/invitations', hrA],
        [settings, '/api/company/settings', hrA],
      ] as const) {
        const res = await call(handler, companyRequest(path, { method: path.endsWith('settings') ? 'PATCH' : 'POST', body, cookie }));
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      const check = await call(rosterCheck, jsonRequest('/api/tests/kazakh/roster-check', body));
      expect([400, 404, 413, 415, 422, 429]).toContain(check.status);
      const start = await call(inviteStart, tokenRequest('/api/tests/invitation', 'x'.repeat(43), { body }));
      expect([400, 404, 410, 413, 415, 422, 429]).toContain(start.status);
    }
  });
});
