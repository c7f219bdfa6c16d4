import { and, asc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBusinessDays } from '@/lib/time/business-days';
import { openSession } from '@/lib/auth/http';
import { createAccount } from '@/lib/auth/register';
import { CONSENT_VERSION } from '@/lib/consent';
import { applicationEvents, auditLog, outbox, tutorApplications, users } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { grantBookable } from '@/lib/review/bookable';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Row = { id: number; status: string; round: number; overdue: boolean; phone: string; reviewDueAt: string; name: string };
type List = { rows: Row[]; total: number; page: number; pageSize: number };
type Detail = { application: { status: string; round: number; tutor: { phone: string }; history: { type: string; reasons: string[] | null }[] } };

const DAY = 86_400_000;
let phoneSeq = 1000;
const nextPhone = () => `+7701555${String(phoneSeq++).padStart(4, '0')}`;

describe(`tutor application review (${dbLabel()})`, () => {
  let t: OpenDb;
  let list: unknown, detail: unknown, start: unknown, approve: unknown, reject: unknown, changes: unknown, resubmit: unknown;
  let reviewer: Awaited<ReturnType<typeof enrolledStaff>>;
  let admin: Awaited<ReturnType<typeof enrolledStaff>>;
  let sales: Awaited<ReturnType<typeof enrolledStaff>>;

  async function tutor(
    opts: { locale?: string; submittedAt?: Date; email?: string; pendingEmail?: string; name?: string; lastname?: string; role?: 'tutor' | 'student' } = {},
  ) {
    const phone = nextPhone();
    const created = await createAccount(
      t.db,
      {
        role: opts.role ?? 'tutor',
        name: opts.name ?? 'Ержан',
        lastname: opts.lastname ?? 'Қасымов',
        phone,
        password: 'Mektep2025',
        subject: 'mathematics',
        teachingLanguage: 'kk',
        tutorKind: 'local',
        locale: opts.locale ?? 'ru',
        utmFirst: {},
        utmLast: {},
        consent: CONSENT_VERSION,
        email: opts.pendingEmail,
      },
      opts.submittedAt ?? new Date(),
    );
    if (!created.ok) throw new Error('account exists');
    if (opts.email) await t.db.update(users).set({ email: opts.email }).where(eq(users.id, created.user.id));
    return { user: created.user, app: created.application!, phone, token: (await openSession(t.db, created.user)).accessToken };
  }

  const get = (path: string, cookie: string, locale = 'ru') => staffRequest(path, { cookie, locale });
  const post = (path: string, cookie: string, body: unknown, locale = 'ru') => staffRequest(path, { cookie, body, locale });
  const act = (handler: unknown, id: number, action: string, body: unknown, cookie = reviewer.cookie, locale = 'ru') =>
    call(handler, post(`/api/admin/applications/${id}/${action}`, cookie, body, locale), { id: String(id) });
  const queue = async (query = '', cookie = reviewer.cookie) => {
    const res = await call(list, get(`/api/admin/applications${query}`, cookie));
    expect(res.status).toBe(200);
    return (await res.json()) as List;
  };
  const sms = (phone: string) => t.db.select().from(outbox).where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms'))).orderBy(asc(outbox.id));
  const mails = (to: string) => t.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.channel, 'email'))).orderBy(asc(outbox.id));
  const audits = (action: string, id: number) =>
    t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id));
  const resubmitAs = (token: string | null, body: unknown, locale = 'ru') => {
    const headers = new Headers({ 'content-type': 'application/json', 'accept-language': locale, 'x-forwarded-for': '10.77.0.1' });
    if (token) headers.set('authorization', `Bearer ${token}`);
    return call(resubmit, new NextRequest('http://localhost/api/user2/application/resubmit', { method: 'POST', headers, body: JSON.stringify(body) }));
  };
  const fix = { name: 'Ержан', lastname: 'Қасымов', secondname: '', tutorKind: 'local', teachingLanguage: 'kk', subject: 'physics' };

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    ({ GET: list } = await import('./route'));
    ({ GET: detail } = await import('./[id]/route'));
    ({ POST: start } = await import('./[id]/start/route'));
    ({ POST: approve } = await import('./[id]/approve/route'));
    ({ POST: reject } = await import('./[id]/reject/route'));
    ({ POST: changes } = await import('./[id]/changes/route'));
    ({ POST: resubmit } = await import('../../user2/application/resubmit/route'));
    reviewer = await enrolledStaff(t.db, { email: 'reviewer@school.kz', scopes: ['reviewer'], name: 'Гүлнар Ахметова' });
    admin = await enrolledStaff(t.db, { email: 'admin@school.kz', scopes: ['admin'] });
    sales = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales'] });
  });
  afterAll(() => t.close());

  it('the queue lists the oldest due first, marks the overdue ones, masks phones, filters and paginates', async () => {
    const now = Date.now();
    const fresh = await tutor({ submittedAt: new Date(now - 1 * DAY), lastname: 'Жаңа' });
    const late = await tutor({ submittedAt: new Date(now - 12 * DAY), lastname: 'Кешіккен' });
    const middle = await tutor({ submittedAt: new Date(now - 3 * DAY), lastname: 'Ортаңғы' });
    const { rows, total } = await queue('?pageSize=200');
    expect(total).toBeGreaterThanOrEqual(3);
    // Oldest due first; a weekend can give two submissions one due date: then the older application.
    const ours = [late.app, middle.app, fresh.app].sort((a, b) => a.reviewDueAt.getTime() - b.reviewDueAt.getTime() || a.id - b.id).map((a) => a.id);
    expect(ours[0]).toBe(late.app.id);
    expect(rows.filter((r) => ours.includes(r.id)).map((r) => r.id)).toEqual(ours);
    const keys = rows.map((r) => [Date.parse(r.reviewDueAt), r.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(rows.find((r) => r.id === late.app.id)).toMatchObject({ overdue: true, status: 'submitted', round: 1 });
    expect(rows.find((r) => r.id === fresh.app.id)).toMatchObject({ overdue: false });
    // Masked: the operator code and the last two digits only.
    const row = rows.find((r) => r.id === middle.app.id)!;
    expect(row.phone).toBe(`+7 701 ••• •• ${middle.phone.slice(-2)}`);
    expect(JSON.stringify(rows)).not.toContain(middle.phone);

    const overdue = await queue('?overdue=1');
    expect(overdue.rows.map((r) => r.id)).toContain(late.app.id);
    expect(overdue.rows.every((r) => r.overdue)).toBe(true);
    const page2 = await queue('?pageSize=1&page=2');
    expect(page2.rows).toHaveLength(1);
    expect(page2.rows[0]!.id).toBe(rows[1]!.id);
    const found = await queue(`?q=${encodeURIComponent('кешіккен')}`);
    expect(found.rows.map((r) => r.id)).toEqual([late.app.id]);
    const byPhone = await queue(`?q=${encodeURIComponent(`8 ${late.phone.slice(2, 5)} ${late.phone.slice(5)}`)}`);
    expect(byPhone.rows.map((r) => r.id)).toEqual([late.app.id]);

    const bad = await call(list, get('/api/admin/applications?status=lost&page=0', reviewer.cookie, 'en'));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).error).toMatchObject({ code: 'validation_failed', fields: { status: 'This value is not allowed' } });
  });

  it('only reviewers (and admins) reach the queue and the actions: 401 signed out, 403 for sales', async () => {
    const { app } = await tutor();
    expect((await call(list, staffRequest('/api/admin/applications'))).status).toBe(401);
    const forbidden = await call(list, get('/api/admin/applications', sales.cookie, 'kk'));
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorBody).error.code).toBe('forbidden');
    expect((await act(approve, app.id, 'approve', { expected: 'submitted' }, sales.cookie)).status).toBe(403);
    expect((await call(detail, get(`/api/admin/applications/${app.id}`, sales.cookie), { id: String(app.id) })).status).toBe(403);
    expect((await queue('', admin.cookie)).total).toBeGreaterThan(0);
    const missing = await call(detail, get('/api/admin/applications/999999', reviewer.cookie), { id: '999999' });
    expect(missing.status).toBe(404);
    expect((await call(detail, get('/api/admin/applications/abc', reviewer.cookie), { id: 'abc' })).status).toBe(404);
  });

  it('the detail shows the whole phone and the history, and its view is in the audit log', async () => {
    const { app, phone } = await tutor();
    const res = await call(detail, get(`/api/admin/applications/${app.id}`, reviewer.cookie), { id: String(app.id) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Detail;
    expect(body.application.tutor.phone).toBe(phone);
    expect(body.application.history.map((e) => e.type)).toEqual(['submitted']);
    const [row] = await audits('application.view', app.id);
    expect(row).toMatchObject({ actorId: reviewer.id, entity: 'tutor_application' });
  });

  it('start review: submitted → in review with me as reviewer; twice or stale is a 409; audit before/after', async () => {
    const { app } = await tutor();
    const res = await act(start, app.id, 'start', { expected: 'submitted', round: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'in_review', reviewerId: reviewer.id });
    const again = await act(start, app.id, 'start', { expected: 'in_review' }, reviewer.cookie, 'en');
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error).toMatchObject({ code: 'application_status', message: en.Errors.application_status });
    const stale = await act(start, app.id, 'start', { expected: 'submitted' }, admin.cookie, 'kk');
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error).toMatchObject({ code: 'conflict', message: kk.Errors.conflict });
    const [row] = await audits('application.start', app.id);
    expect(row).toMatchObject({ actorId: reviewer.id, before: { status: 'submitted', reviewerId: null }, after: { status: 'in_review', reviewerId: reviewer.id } });
    const events = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, app.id)).orderBy(asc(applicationEvents.id));
    expect(events.map((e) => [e.type, e.staffId])).toEqual([
      ['submitted', null],
      ['review_started', reviewer.id],
    ]);
  });

  it('approve: the tutor keeps the tutor scope, is told by SMS only without a confirmed e-mail; nothing more is done to an approved application', async () => {
    // An address given at registration whose link was never opened is not the account's e-mail.
    const { app, phone, user } = await tutor({ pendingEmail: 'unconfirmed@example.kz' });
    await act(start, app.id, 'start', { expected: 'submitted' });
    const res = await act(approve, app.id, 'approve', { expected: 'in_review', round: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'approved' });
    const [stored] = await t.db.select().from(tutorApplications).where(eq(tutorApplications.id, app.id));
    expect(stored!.decidedAt).toBeInstanceOf(Date);
    const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.scope).toBe('tutor');
    const [row] = await audits('application.approve', app.id);
    expect(row).toMatchObject({ before: { status: 'in_review', scope: 'tutor' }, after: { status: 'approved', scope: 'tutor' } });
    const texts = await sms(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toBe(ru.Review.sms.approved.replace('{link}', 'http://localhost:3000/cabinet'));
    expect((await mails('unconfirmed@example.kz')).map((m) => m.subject)).toEqual([ru.EmailConfirmMail.subject]);
    for (const [handler, action, body] of [
      [reject, 'reject', { expected: 'approved', reasons: ['documents'] }],
      [changes, 'changes', { expected: 'approved', reasons: ['documents'] }],
      [approve, 'approve', { expected: 'approved' }],
      [start, 'start', { expected: 'approved' }],
    ] as const) {
      const refused = await act(handler, app.id, action, body);
      expect(refused.status, action).toBe(409);
      expect(((await refused.json()) as ErrorBody).error.code).toBe('application_status');
    }
    // The marketplace (issue 14) makes an approved tutor bookable; not anyone else.
    expect(await grantBookable(t.db, user.id)).toBe(true);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.scope).toBe('tutor tutor:bookable');
    const other = await tutor();
    expect(await grantBookable(t.db, other.user.id)).toBe(false);
  });

  it('reject straight from submitted: a Kazakh tutor gets a Kazakh SMS and, with a confirmed e-mail, a Kazakh mail with the reasons and the note', async () => {
    const { app, phone } = await tutor({ locale: 'kk', email: 'erzhan@example.kz' });
    const note = 'Диплом көшірмесін жүктеңіз.';
    const res = await act(reject, app.id, 'reject', { expected: 'submitted', reasons: ['subject_knowledge', 'documents', 'documents'], note });
    expect(res.status).toBe(200);
    const [stored] = await t.db.select().from(tutorApplications).where(eq(tutorApplications.id, app.id));
    expect(stored).toMatchObject({ status: 'rejected', reasons: ['subject_knowledge', 'documents'], reviewNote: note, reviewerId: reviewer.id });
    const [text] = await sms(phone);
    expect(text!.body).toBe(kk.Review.sms.rejected.replace('{link}', 'http://localhost:3000/kk/cabinet'));
    const [mail] = await mails('erzhan@example.kz');
    expect(mail!.subject).toBe(kk.Review.mail.rejectedSubject);
    expect(mail!.body).toContain(kk.Review.reasons.subject_knowledge);
    expect(mail!.body).toContain(kk.Review.reasons.documents);
    expect(mail!.body).toContain(note);
    expect(mail!.body).toContain('http://localhost:3000/kk/cabinet');
    expect(mail!.body).not.toContain(ru.Review.reasons.documents);
    const [row] = await audits('application.reject', app.id);
    expect(row).toMatchObject({ before: { status: 'submitted', reasons: [] }, after: { status: 'rejected', reasons: ['subject_knowledge', 'documents'], note } });
    const [event] = await t.db.select().from(applicationEvents).where(and(eq(applicationEvents.applicationId, app.id), eq(applicationEvents.type, 'rejected')));
    expect(event).toMatchObject({ staffId: reviewer.id, reasons: ['subject_knowledge', 'documents'], note });
  });

  it('ask for changes: an English tutor gets an English SMS; the status waits for the tutor', async () => {
    const { app, phone } = await tutor({ locale: 'en' });
    const res = await act(changes, app.id, 'changes', { expected: 'submitted', reasons: ['profile_data'], note: 'Please add your patronymic.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'changes_requested' });
    const [text] = await sms(phone);
    expect(text!.body).toBe(en.Review.sms.changes.replace('{link}', 'http://localhost:3000/en/cabinet'));
    expect(await audits('application.changes', app.id)).toHaveLength(1);
  });

  it('reasons are required for reject and changes, a note with "other"; unknown reasons and bad bodies are 4xx in the request language', async () => {
    const { app, phone } = await tutor();
    const none = await act(reject, app.id, 'reject', { expected: 'submitted', reasons: [] }, reviewer.cookie, 'kk');
    expect(none.status).toBe(422);
    expect(((await none.json()) as ErrorBody).error.fields).toEqual({ reasons: kk.Validation.review_reasons_required });
    const missing = await act(changes, app.id, 'changes', { expected: 'submitted' }, reviewer.cookie, 'en');
    expect(((await missing.json()) as ErrorBody).error.fields).toMatchObject({ reasons: en.Validation.review_reasons_required });
    const other = await act(reject, app.id, 'reject', { expected: 'submitted', reasons: ['other'], note: '   ' });
    expect(other.status).toBe(422);
    expect(((await other.json()) as ErrorBody).error.fields).toEqual({ note: ru.Validation.review_note_required });
    const unknown = await act(reject, app.id, 'reject', { expected: 'submitted', reasons: ['ugly'] });
    expect(unknown.status).toBe(422);
    const noExpected = await act(approve, app.id, 'approve', {});
    expect(noExpected.status).toBe(422);
    const longNote = await act(reject, app.id, 'reject', { expected: 'submitted', reasons: ['other'], note: 'x'.repeat(1001) });
    expect(longNote.status).toBe(422);
    const notJson = await call(approve, staffRequest(`/api/admin/applications/${app.id}/approve`, { cookie: reviewer.cookie }), { id: String(app.id) });
    expect(notJson.status).toBe(415);
    // Nothing happened: no decision, no SMS.
    expect((await t.db.select().from(tutorApplications).where(eq(tutorApplications.id, app.id)))[0]!.status).toBe('submitted');
    expect(await sms(phone)).toHaveLength(0);
    const withOther = await act(reject, app.id, 'reject', { expected: 'submitted', reasons: ['other'], note: 'Видео не открывается' });
    expect(withOther.status).toBe(200);
  });

  it('optimistic concurrency: a stale status or round is a 409, and of two decisions at once exactly one wins', async () => {
    const { app, phone } = await tutor();
    const wrongRound = await act(approve, app.id, 'approve', { expected: 'submitted', round: 2 });
    expect(wrongRound.status).toBe(409);
    expect(((await wrongRound.json()) as ErrorBody).error.code).toBe('conflict');
    const [a, b] = await Promise.all([
      act(approve, app.id, 'approve', { expected: 'submitted', round: 1 }),
      act(reject, app.id, 'reject', { expected: 'submitted', round: 1, reasons: ['experience'] }, admin.cookie),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await sms(phone)).toHaveLength(1);
    const decisions = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, app.id));
    expect(decisions.filter((e) => e.type === 'approved' || e.type === 'rejected')).toHaveLength(1);
  });

  it('resubmission: only by the owner of a returned application; new due date, round 2, the corrections and the history', async () => {
    const owner = await tutor({ submittedAt: new Date(Date.now() - 6 * DAY) });
    await act(reject, owner.app.id, 'reject', { expected: 'submitted', reasons: ['subject_knowledge', 'experience'] });
    const intruder = await tutor();
    const student = await tutor({ role: 'student' });
    const body = { ...fix, id: owner.app.id };

    expect((await resubmitAs(null, body)).status).toBe(401);
    const byStudent = await resubmitAs(student.token, body, 'kk');
    expect(byStudent.status).toBe(403);
    expect(((await byStudent.json()) as ErrorBody).error.message).toBe(kk.Errors.forbidden);
    const byOther = await resubmitAs(intruder.token, body);
    expect(byOther.status).toBe(404);
    expect((await t.db.select().from(tutorApplications).where(eq(tutorApplications.id, owner.app.id)))[0]!.status).toBe('rejected');
    const ownSubmitted = await resubmitAs(intruder.token, { ...fix, id: intruder.app.id });
    expect(ownSubmitted.status).toBe(409);
    expect(((await ownSubmitted.json()) as ErrorBody).error.code).toBe('application_status');
    const badName = await resubmitAs(owner.token, { ...body, name: 'R2-D2', subject: 'astrology' }, 'en');
    expect(badName.status).toBe(422);
    expect(((await badName.json()) as ErrorBody).error.fields).toMatchObject({ name: en.Validation.name_letters, subject: en.Validation.required });

    const before = Date.now();
    const res = await resubmitAs(owner.token, body);
    expect(res.status).toBe(200);
    const { application } = (await res.json()) as { application: { status: string; round: number; reviewDueAt: string } };
    expect(application).toMatchObject({ status: 'submitted', round: 2 });
    const due = Date.parse(application.reviewDueAt);
    expect(due).toBeGreaterThanOrEqual(addBusinessDays(new Date(before), 5).getTime());
    expect(due).toBeGreaterThan(owner.app.reviewDueAt.getTime());
    const [stored] = await t.db.select().from(tutorApplications).where(eq(tutorApplications.id, owner.app.id));
    expect(stored).toMatchObject({ status: 'submitted', round: 2, reasons: [], reviewNote: null, reviewerId: null, decidedAt: null });
    expect((await t.db.select().from(users).where(eq(users.id, owner.user.id)))[0]!.subject).toBe('physics');

    const again = await resubmitAs(owner.token, body);
    expect(again.status).toBe(409);

    const { rows } = await queue('?status=submitted&pageSize=200');
    expect(rows.find((r) => r.id === owner.app.id)).toMatchObject({ status: 'submitted', round: 2, overdue: false });
    const view = (await (await call(detail, get(`/api/admin/applications/${owner.app.id}`, reviewer.cookie), { id: String(owner.app.id) })).json()) as Detail;
    expect(view.application.history.map((e) => [e.type, e.reasons])).toEqual([
      ['submitted', null],
      ['rejected', ['subject_knowledge', 'experience']],
      ['resubmitted', ['subject']],
    ]);
  });

  it('the cabinet profile shows the status, the reasons and the note of a returned application, and what the form corrects', async () => {
    const { app, token } = await tutor({ locale: 'kk' });
    await act(changes, app.id, 'changes', { expected: 'submitted', reasons: ['profile_data', 'other'], note: 'Әкесінің атын жазыңыз' });
    const { GET: userGet } = await import('../../auth/user/route');
    const res = await userGet(new NextRequest('http://localhost/api/auth/user', { headers: { authorization: `Bearer ${token}` } }));
    const { user } = (await res.json()) as { user: { application: Record<string, unknown> } };
    expect(user.application).toMatchObject({
      id: app.id,
      status: 'changes_requested',
      round: 1,
      reasons: ['profile_data', 'other'],
      note: 'Әкесінің атын жазыңыз',
      data: { tutorKind: 'local', teachingLanguage: 'kk', subject: 'mathematics' },
    });
  });
});
