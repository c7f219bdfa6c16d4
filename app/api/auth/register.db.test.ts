import { desc, eq } from 'drizzle-orm';
import { CONSENT_VERSION } from '@/lib/consent';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { leads, outbox, tutorApplications, users } from '@/lib/db/schema';
import { issueCode, type SmsPurpose } from '@/lib/sms/codes';
import { codeInBody } from '@/lib/outbox/sms-code';
import { dbLabel, useTestDb } from '@/test/db';
import { clearOfWindowEnd, jsonRequest } from '@/test/http';
import { POST as loginPost } from './login/route';
import { POST as passwordPost } from './password/route';
import { POST as emailPost } from './email/route';
import { POST as emailConfirmPost } from './email/confirm/route';
import { POST as studentPost } from './register/student/route';
import { POST as tutorPost } from './register/tutor/route';
import { POST as lessonPost } from './register/lesson/route';
import { POST as resetPhonePost } from './reset/phone/route';
import { POST as resetEmailPost } from './reset/email/route';
import { POST as resetCheckPost } from './reset/email/check/route';
import { POST as resetConfirmPost } from './reset/email/confirm/route';
import { POST as refreshPost } from '../member/refresh/route';
import { POST as cabinetMe } from '../user2/me/route';

let n = 100;
const phone = () => `+7 702 ${String(1000000 + n++).slice(1, 4)} ${String(n).padStart(4, '0').slice(0, 2)} ${String(n).padStart(4, '0').slice(2)}`;

/** A compact JWS: header.payload.signature, base64url. */
const JWT = /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]{43}$/;

describe(`registration, reset and the cabinet contract (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  // A later code for the same phone is asked for after the 60 s gap.
  async function codeFor(p: string, purpose: SmsPurpose, later = false) {
    const r = await issueCode(t.db, { phone: p, purpose, ipHash: `ip-${n}`, now: new Date(Date.now() + (later ? 61_000 : 0)) });
    if (!r.ok) throw new Error(r.reason);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, r.outboxId));
    return codeInBody(row!.body)!;
  }
  const student = (p: string, code: string, extra: object = {}) => ({
    name: 'Әлия', lastname: 'Сәрсенова', subject: 'kazakh', phone: p, code, password: 'Dala-2026x', confirm: 'Dala-2026x', consent: CONSENT_VERSION, ...extra,
  });

  it('a student registers with an SMS code: account with utm attribution, a session, a token', async () => {
    const p = phone();
    const res = await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register')), {
      locale: 'kk', cookie: 'utm_source=instagram; utm__first=utm_source%3Dgoogle',
    }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { token: string }).token).toMatch(JWT);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('tilmen_rt='))).toBe(true);
    const [u] = await t.db.select().from(users).where(eq(users.phone, p.replace(/\s/g, '')));
    expect(u).toMatchObject({ role: 'student', subject: 'kazakh', locale: 'kk', utmFirst: { utm_source: 'google' }, utmLast: { utm_source: 'instagram' } });
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  // The mail with a link to /email-confirm?token=… most recently queued for an address.
  async function confirmLinkTo(address: string) {
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, address)).orderBy(desc(outbox.id)).limit(1);
    return /email-confirm\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  }
  const confirm = (token: string, locale = 'en') => emailConfirmPost(jsonRequest('/api/auth/email/confirm', { token }, { locale }));
  const signInByEmail = (address: string) => loginPost(jsonRequest('/api/auth/login', { login: address, password: 'Dala-2026x' }));

  it('an optional e-mail at registration counts once its link is opened; then the student signs in by e-mail', async () => {
    const p = phone();
    const res = await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register'), { email: 'New.Student@Example.kz' }), { locale: 'kk' }));
    expect(res.status).toBe(201);
    expect((await signInByEmail('new.student@example.kz')).status).toBe(401);
    const token = await confirmLinkTo('new.student@example.kz');
    expect(token).toBeTruthy();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'new.student@example.kz'));
    expect(mail!.subject).toMatch(/растаңыз/); // in the registrant's language
    const confirmed = await confirm(token!);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: 'new.student@example.kz' });
    expect((await signInByEmail('new.student@example.kz')).status).toBe(200);
    // Single use.
    const again = await confirm(token!);
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('email_confirm_invalid');
  });

  it('nobody can bind (and so block) an address they do not own: the owner registers with it and confirms it', async () => {
    const squatter = phone();
    expect((await studentPost(jsonRequest('/api/auth/register/student', student(squatter, await codeFor(squatter, 'register'), { email: 'owner@example.kz' })))).status).toBe(201);
    const owner = phone();
    const res = await studentPost(jsonRequest('/api/auth/register/student', student(owner, await codeFor(owner, 'register'), { email: 'owner@example.kz' })));
    expect(res.status).toBe(201); // not account_exists: an unconfirmed address belongs to nobody
    const ownerToken = await confirmLinkTo('owner@example.kz');
    expect((await confirm(ownerToken!)).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'owner@example.kz'));
    expect(row!.phone).toBe(owner.replace(/\s/g, ''));
    // The squatter's own (earlier) link now finds the address taken.
    const [first] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'owner@example.kz')).orderBy(outbox.id).limit(1);
    const squatterToken = /email-confirm\?token=([\w-]+)/.exec(first!.body)![1]!;
    const taken = await confirm(squatterToken);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { code: string } }).error.code).toBe('email_taken');
  });

  it('a signed-in user adds an e-mail; it counts only after the link', async () => {
    const p = phone();
    const reg = await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register'))));
    const { token } = (await reg.json()) as { token: string };
    const req = jsonRequest('/api/auth/email', { email: 'Later@Example.kz' });
    req.headers.set('authorization', `Bearer ${token}`);
    const res = await emailPost(req);
    expect(res.status).toBe(202);
    expect((await signInByEmail('later@example.kz')).status).toBe(401);
    expect((await confirm((await confirmLinkTo('later@example.kz'))!)).status).toBe(200);
    expect((await signInByEmail('later@example.kz')).status).toBe(200);
    expect((await emailPost(jsonRequest('/api/auth/email', { email: 'x@example.kz' }))).status).toBe(401);
  });

  it('a wrong code is refused with a field message; a reset code does not register', async () => {
    const p = phone();
    await codeFor(p, 'reset');
    const res = await studentPost(jsonRequest('/api/auth/register/student', student(p, '000000'), { locale: 'en' }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.code).toBeTruthy();
  });

  it('a second registration of the same phone is told to sign in (after proving the phone)', async () => {
    const p = phone();
    expect((await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register'))))).status).toBe(201);
    const again = await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register', true)), { locale: 'en' }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('account_exists');
  });

  it('a tutor registers; the application is due for review 5 business days later', async () => {
    const p = phone();
    const res = await tutorPost(jsonRequest('/api/auth/register/tutor', {
      tutorKind: 'local', name: 'Ерлан', lastname: 'Сейітов', teachingLanguage: 'kk', subject: 'mathematics',
      phone: p, code: await codeFor(p, 'register'), password: 'Shanyrak-2026', confirm: 'Shanyrak-2026', consent: CONSENT_VERSION,
    }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { application: { status: string; reviewDueAt: string } };
    expect(body.application.status).toBe('submitted');
    const days = (Date.parse(body.application.reviewDueAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4.99);
    expect(days).toBeLessThan(12);
    const [u] = await t.db.select().from(users).where(eq(users.phone, p.replace(/\s/g, '')));
    const [app] = await t.db.select().from(tutorApplications).where(eq(tutorApplications.userId, u!.id));
    expect(app!.status).toBe('submitted');
    const me = await cabinetMe(new NextRequest('http://localhost/api/user2/me/', {
      method: 'POST', headers: { cookie: res.headers.getSetCookie().find((c) => c.startsWith('tilmen_rt='))!.split(';')[0]! },
    }));
    expect(await me.json()).toMatchObject({ user: { name: 'Ерлан Сейітов', profile_url: expect.stringMatching(/\/cabinet$/) }, status: 'submitted' });
  });

  it('the cabinet me call answers a signed-out visitor with no user (no error)', async () => {
    const me = await cabinetMe(new NextRequest('http://localhost/api/user2/me/', { method: 'POST' }));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ user: null, status: 'guest' });
  });

  it('the simple registration ends in the lesson link and is a lead for sales', async () => {
    const p = phone();
    const res = await lessonPost(jsonRequest('/api/auth/register/lesson', { name: 'Dana', phone: p, code: await codeFor(p, 'lesson'), consent: CONSENT_VERSION }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { lessonUrl: string }).lessonUrl).toMatch(/^https:\/\//);
    const [lead] = await t.db.select().from(leads).orderBy(desc(leads.id)).limit(1);
    expect(lead).toMatchObject({ kind: 'registration', page: '/stud-simple-reg', phone: p.replace(/\s/g, '') });
  });

  it('every registration needs the current personal-data consent (422, the code is not spent) and stores it with the account', async () => {
    const p = phone();
    const code = await codeFor(p, 'register');
    const refused = await studentPost(jsonRequest('/api/auth/register/student', student(p, code, { consent: undefined }), { locale: 'en' }));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.consent).toMatch(/consent to the processing of personal data/);
    const old = await tutorPost(jsonRequest('/api/auth/register/tutor', {
      tutorKind: 'local', name: 'Ерлан', lastname: 'Сейітов', teachingLanguage: 'kk', subject: 'mathematics',
      phone: p, code, password: 'Shanyrak-2026', confirm: 'Shanyrak-2026', consent: '2020-01',
    }));
    expect(old.status).toBe(422);
    const lesson = await lessonPost(jsonRequest('/api/auth/register/lesson', { name: 'Dana', phone: p, code: await codeFor(p, 'lesson', true) }));
    expect(lesson.status).toBe(422);

    const before = Date.now();
    expect((await studentPost(jsonRequest('/api/auth/register/student', student(p, code)))).status).toBe(201);
    const [u] = await t.db.select().from(users).where(eq(users.phone, p.replace(/\s/g, '')));
    expect(u!.consentVersion).toBe(CONSENT_VERSION);
    expect(u!.consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('the simple registration stores the consent with its lead', async () => {
    const p = phone();
    expect((await lessonPost(jsonRequest('/api/auth/register/lesson', { name: 'Dana', phone: p, code: await codeFor(p, 'lesson'), consent: CONSENT_VERSION }))).status).toBe(201);
    const [lead] = await t.db.select().from(leads).orderBy(desc(leads.id)).limit(1);
    expect(lead!.consentVersion).toBe(CONSENT_VERSION);
  });

  it('reset by phone: the new password works, old sessions end, unknown phones answer alike', async () => {
    const p = phone();
    const reg = await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register'))));
    const oldCookie = reg.headers.getSetCookie().find((c) => c.startsWith('tilmen_rt='))!.split(';')[0]!;
    const body = { phone: p, code: await codeFor(p, 'reset', true), password: 'Nomad-Steppe-7', confirm: 'Nomad-Steppe-7' };
    const res = await resetPhonePost(jsonRequest('/api/auth/reset/phone', body));
    expect(res.status).toBe(200);
    const unknown = phone();
    const res2 = await resetPhonePost(jsonRequest('/api/auth/reset/phone', { ...body, phone: unknown, code: await codeFor(unknown, 'reset') }));
    expect(res2.status).toBe(200);
    expect(await res2.text()).toBe('{"ok":true}');
    expect((await loginPost(jsonRequest('/api/auth/login', { login: p, password: 'Nomad-Steppe-7' }))).status).toBe(200);
    const stale = await refreshPost(new NextRequest('http://localhost/api/member/refresh', { method: 'POST', headers: { cookie: oldCookie, origin: 'http://localhost' } }));
    expect(stale.status).toBe(401);
  });

  it('reset by e-mail: a 30-minute single-use link is queued as a mail; unknown addresses answer alike', async () => {
    {
      const p = phone();
      await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register'))));
      await t.db.update(users).set({ email: 'aliya@example.kz' }).where(eq(users.phone, p.replace(/\s/g, '')));
      const known = await resetEmailPost(jsonRequest('/api/auth/reset/email', { email: 'Aliya@Example.kz' }, { locale: 'kk' }));
      const unknown = await resetEmailPost(jsonRequest('/api/auth/reset/email', { email: 'nobody@example.kz' }, { locale: 'kk' }));
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(await known.text()).toBe(await unknown.text());

      // Delivery over SMTP is covered by the outbox tests and the e2e suite; here the queued mail is read.
      const mails = await t.db.select().from(outbox).where(eq(outbox.channel, 'email'));
      const mail = mails.find((m) => m.recipient === 'aliya@example.kz');
      expect(mails.some((m) => m.recipient === 'nobody@example.kz')).toBe(false);
      const raw = mail!.body;
      const token = /reset-password\/hash\?token=([\w-]+)/.exec(raw)?.[1];
      expect(raw).toContain('/kk/reset-password/hash?token=');
      expect(token).toBeTruthy();

      expect((await resetCheckPost(jsonRequest('/api/auth/reset/email/check', { token }))).status).toBe(200);
      const confirm = { token, password: 'Altai-Foods-9', confirm: 'Altai-Foods-9' };
      expect((await resetConfirmPost(jsonRequest('/api/auth/reset/email/confirm', confirm))).status).toBe(200);
      expect((await resetConfirmPost(jsonRequest('/api/auth/reset/email/confirm', confirm))).status).toBe(410);
      expect((await resetCheckPost(jsonRequest('/api/auth/reset/email/check', { token }))).status).toBe(410);
      expect((await loginPost(jsonRequest('/api/auth/login', { login: 'aliya@example.kz', password: 'Altai-Foods-9' }))).status).toBe(200);
    }
  });

  it('changing the password needs the current one, counts the guesses, and tells the owner by SMS and e-mail', async () => {
    await clearOfWindowEnd(15 * 60); // the guesses and the refusal in one rate-limit window
    const p = phone();
    const reg = await studentPost(jsonRequest('/api/auth/register/student', student(p, await codeFor(p, 'register'), { email: 'change@example.kz' }), { locale: 'en' }));
    expect((await confirm((await confirmLinkTo('change@example.kz'))!)).status).toBe(200);
    let { token } = (await reg.json()) as { token: string };
    const change = (current: string, password = 'Baikonur-2026') =>
      passwordPost(new NextRequest('http://localhost/api/auth/password', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
        body: JSON.stringify({ current, password, confirm: password }),
      }));
    expect((await change('Wrong-1234')).status).toBe(422);
    const ok = await change('Dala-2026x');
    expect(ok.status).toBe(200);
    token = ((await ok.json()) as { token: string }).token;
    expect((await loginPost(jsonRequest('/api/auth/login', { login: p, password: 'Baikonur-2026' }))).status).toBe(200);
    const phoneDigits = p.replace(/\s/g, '');
    const [sms] = await t.db.select().from(outbox).where(eq(outbox.recipient, phoneDigits)).orderBy(desc(outbox.id)).limit(1);
    expect(sms!.body).toMatch(/password was changed/);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'change@example.kz')).orderBy(desc(outbox.id)).limit(1);
    expect(mail!.subject).toBe('Tilmen: your password was changed');
    // A stolen access token cannot be used to guess the current password: 5 tries, then 429.
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`Guess-${i}000x`)));
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await change('Baikonur-2026', 'Kokshetau-2027')).status).toBe(429); // even the right one, until the window ends
  });
});
