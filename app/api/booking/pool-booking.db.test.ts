import { and, desc, eq, inArray } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/audit/log';
import { openSession } from '@/lib/auth/http';
import { companies, companyEmployees, lessonMessages, lessons, outbox, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { removeEmployee } from '@/lib/company-portal/roster';
import { recordAttendance, settleEndedLessons } from '@/lib/lessons/attendance';
import { freeSlotsOfTutor, saveSchedule } from '@/lib/lessons/availability';
import { scheduleSchema } from '@/lib/validations/booking';
import { cancelLesson } from '@/lib/lessons/booking';
import { allocateLessons, companyPool, createInvoice, markInvoicePaid } from '@/lib/payments/company-pools';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { COMPANY_LESSON_TIYN, poolSpendOf } from '@/lib/lessons/money';
import { tutorEarningTiyn } from '@/lib/money/model';
import { bookFromPool } from '@/lib/payments/pool-booking';
import { companyRequest, hrUser, insertCompany } from '@/test/company';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { purchasableTutor } from '@/test/payments';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { GET as cabinetMoney } from '../cabinet/payments/route';
import { POST as claimInvite } from '../cabinet/employer/route';
import { POST as invite } from '../company/pool/invitations/route';
import { PUT as linkLesson } from '../admin/trials/[id]/company/route';
import { GET as poolContext, POST as poolBook } from './pool/route';
import { clockStandsStill, nextSchoolHour } from '@/test/http';

let n = 0;
const phone = () => `+7705${String(30_000_000 + ++n).slice(1)}`;
const H = 3_600_000;
const MIN = 60_000;

function req(path: string, opts: { body?: unknown; token?: string; locale?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'en', 'x-forwarded-for': `10.31.${n & 255}.${(n * 7) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}

type ErrorBody = { error: { code: string; message: string } };
const fin: Actor = { kind: 'staff', id: 1, label: 'finance@school.kz', ipHash: 'test' };

/** A company with a BIN, its HR person, a paid invoice of `lessons`, and the HR actor. */
async function companyWithPool(db: Db, slug: string, lessons = 20) {
  const companyId = await insertCompany(db, slug, `ТОО «${slug}»`);
  await db.update(companies).set({ bin: '990140000385' }).where(eq(companies.id, companyId));
  const person = await hrUser(db, { companyId, email: `hr@${slug}.kz`, phone: phone() });
  const hr: Actor = { kind: 'company', id: person.id, label: `hr@${slug}.kz`, ipHash: 'test' };
  const invoice = await createInvoice(db, hr, { companyId, userId: person.id, locale: 'ru' }, lessons);
  await markInvoicePaid(db, fin, invoice.id, { paidOn: '2026-03-15', paymentOrder: slug });
  return { companyId, hr, invoice };
}

/** A roster row with a phone; the student account registered with that phone (matched), its token. */
async function employeeWithAccount(db: Db, companyId: number, opts: { lastName?: string; phone?: string; account?: boolean } = {}) {
  const p = opts.phone ?? phone();
  const [row] = await db
    .insert(companyEmployees)
    .values({ companyId, lastName: opts.lastName ?? 'Сәрсенова', firstName: 'Айгерім', iinHash: `pool-book-${++n}`, iinLast4: '0012', iinSealed: 'x', positionCode: 'P-1', phone: p })
    .returning();
  if (opts.account === false) return { employee: row!, user: null, token: '' };
  const id = await insertTestUser(db, { phone: p, name: 'Айгерім', lastname: 'Сәрсенова', email: `employee-${p.slice(1)}@example.kz` });
  const [user] = await db.select().from(users).where(eq(users.id, id));
  const { accessToken } = await openSession(db, { id, scope: 'student' });
  return { employee: row!, user: user!, token: accessToken };
}

const left = (db: Db, employeeId: number) => balance(db, ACCOUNTS.employeeBalance(employeeId)).then((b) => b / COMPANY_LESSON_TIYN);

/**
 * An employee books lessons from the lessons their employer gave them (issue 31; docs/payments.md,
 * "Company lesson pools"): matched by the account's phone, only their own balance, never another
 * company's; parallel bookings on the last lesson spend it once; a free trial never spends a pool
 * lesson. Runs on PostgreSQL too (test/postgres-pass.txt), where the parallel bookings really meet
 * on the employee's row.
 */
describe(`an employee books from the employer's lessons (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let tutorId: number;
  let dearId: number;
  let alpha: Awaited<ReturnType<typeof companyWithPool>>;
  let beta: Awaited<ReturnType<typeof companyWithPool>>;
  let me: Awaited<ReturnType<typeof employeeWithAccount>>;

  beforeAll(async () => {
    tutorId = await purchasableTutor(t.db, { phone: phone(), price: 6000, subjects: ['english', 'kazakh'] });
    dearId = await purchasableTutor(t.db, { phone: phone(), price: 7600 });
    alpha = await companyWithPool(t.db, 'alpha-book');
    beta = await companyWithPool(t.db, 'beta-book');
    me = await employeeWithAccount(t.db, alpha.companyId);
    await allocateLessons(t.db, alpha.hr, alpha.companyId, { employeeId: me.employee.id, lessons: 2 });
  });

  it('matched by the phone: the cabinet says "from your employer"; a 50-minute lesson spends one, both sides told in the pool’s words; a retry spends nothing more', async () => {
    const cabinet = (await (await call(cabinetMoney, req('/api/cabinet/payments', { token: me.token }))).json()) as { employers: { employeeId: number; company: string; lessonsLeft: number; tutorPriceMax: number }[] };
    expect(cabinet.employers).toEqual([expect.objectContaining({ employeeId: me.employee.id, company: 'ТОО «alpha-book»', lessonsLeft: 2, upcoming: 0, tutorPriceMax: 7500 })]);
    const ctx = await call(poolContext, req(`/api/booking/pool?employeeId=${me.employee.id}&tutorId=${tutorId}`, { token: me.token }));
    expect(ctx.status).toBe(200);
    const c = (await ctx.json()) as { employer: { lessonsLeft: number; company: string }; tutor: { price: number; subjects: string[] }; lessonMinutes: number; cancelDeadlineHours: number; slots: string[] };
    expect(c).toMatchObject({ employer: { lessonsLeft: 2, company: 'ТОО «alpha-book»' }, tutor: { price: 6000, subjects: ['english', 'kazakh'] }, lessonMinutes: 50, cancelDeadlineHours: 8 });
    const body = { employeeId: me.employee.id, tutorId, subject: 'kazakh', startsAt: c.slots[0], idempotencyKey: `pool-first-${me.user!.id}-xxxxxxxx` };
    const res = await call(poolBook, req('/api/booking/pool', { token: me.token, body }));
    expect(res.status).toBe(201);
    const { lesson } = (await res.json()) as { lesson: { id: number; kind: string; startsAt: string; endsAt: string; employeeId: number } };
    expect(lesson).toMatchObject({ kind: 'paid', employeeId: me.employee.id });
    expect(Date.parse(lesson.endsAt) - Date.parse(lesson.startsAt)).toBe(50 * MIN);
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row).toMatchObject({ packageId: null, companyEmployeeId: me.employee.id, poolTutorPrice: 6000, status: 'booked' });
    expect(await left(t.db, me.employee.id)).toBe(1);
    expect(await poolSpendOf(t.db, lesson.id)).toEqual({ account: ACCOUNTS.employeeBalance(me.employee.id), invoiceId: alpha.invoice.id, amountTiyn: COMPANY_LESSON_TIYN });
    const again = await call(poolBook, req('/api/booking/pool', { token: me.token, body }));
    expect(again.status).toBe(200);
    expect(await left(t.db, me.employee.id)).toBe(1);
    const notices = await t.db.select({ body: outbox.body, role: lessonMessages.recipientRole }).from(lessonMessages).innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId)).where(and(eq(lessonMessages.lessonId, lesson.id), eq(outbox.channel, 'sms')));
    expect(notices.map((x) => x.role).sort()).toEqual(['student', 'tutor']);
    for (const x of notices) expect(x.body).not.toMatch(/пробн|сынақ|trial/i);
    const [mail] = await t.db.select({ body: outbox.body }).from(lessonMessages).innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId)).where(and(eq(lessonMessages.lessonId, lesson.id), eq(outbox.channel, 'email')));
    expect(mail!.body).toContain('работодател');
    const cabinetAfter = (await (await call(cabinetMoney, req('/api/cabinet/payments', { token: me.token }))).json()) as { employers: { lessonsLeft: number; upcoming: number; tutors: { id: number }[] }[] };
    expect(cabinetAfter.employers[0]).toMatchObject({ lessonsLeft: 1, upcoming: 1, tutors: [{ id: tutorId }] });
  });

  it('ten parallel bookings on the last lesson: one is booked, nine get employee_pool_empty; the ledger sums to zero', async () => {
    expect(await left(t.db, me.employee.id)).toBe(1);
    const slots = (await freeSlotsOfTutor(t.db, tutorId, new Date(), 50)).filter((_, i) => i % 2 === 0).slice(2, 12);
    expect(slots).toHaveLength(10);
    const answers = await Promise.all(
      slots.map((s, i) => call(poolBook, req('/api/booking/pool', { token: me.token, body: { employeeId: me.employee.id, tutorId, subject: 'english', startsAt: s.toISOString(), idempotencyKey: `pool-last-${me.user!.id}-${i}-xxxxxxxx` } }))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of answers) if (r.status === 409) expect(((await r.json()) as ErrorBody).error).toEqual({ code: 'employee_pool_empty', message: "There are no lessons from your employer left. Ask your company's HR to allocate you more." });
    expect(await left(t.db, me.employee.id)).toBe(0);
    expect(await balance(t.db, ACCOUNTS.employeeBalance(me.employee.id))).toBe(0);
    expect(await t.db.select().from(lessons).where(eq(lessons.companyEmployeeId, me.employee.id))).toHaveLength(2);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });

  it("another company's employee, an unmatched student and a phone two roster rows share are refused; a tutor above 7 500 ₸ and a subject the tutor does not teach too", async () => {
    await allocateLessons(t.db, alpha.hr, alpha.companyId, { employeeId: me.employee.id, lessons: 1 });
    const betaEmployee = await employeeWithAccount(t.db, beta.companyId, { lastName: 'Бетаева' });
    await allocateLessons(t.db, beta.hr, beta.companyId, { employeeId: betaEmployee.employee.id, lessons: 2 });
    const [slot] = await freeSlotsOfTutor(t.db, tutorId, new Date(), 50);
    const book = (token: string, employeeId: number, extra: Record<string, unknown> = {}) =>
      call(poolBook, req('/api/booking/pool', { token, body: { employeeId, tutorId, subject: 'english', startsAt: slot!.toISOString(), idempotencyKey: `pool-refused-${++n}-xxxxxxxxxxxx`, ...extra } }));
    // Each sees only their own employer.
    expect((await book(me.token, betaEmployee.employee.id)).status).toBe(404);
    expect((await book(betaEmployee.token, me.employee.id)).status).toBe(404);
    expect((await call(poolContext, req(`/api/booking/pool?employeeId=${betaEmployee.employee.id}&tutorId=${tutorId}`, { token: me.token }))).status).toBe(404);
    // A student no roster names.
    const stranger = await insertTestUser(t.db, { phone: phone() });
    const { accessToken } = await openSession(t.db, { id: stranger, scope: 'student' });
    expect((await book(accessToken, me.employee.id)).status).toBe(404);
    expect(((await (await call(cabinetMoney, req('/api/cabinet/payments', { token: accessToken }))).json()) as { employers: unknown[] }).employers).toEqual([]);
    // On the roster (for the Kazakh test, say) but never given lessons: the cabinet shows no employer.
    const rosterOnly = await employeeWithAccount(t.db, alpha.companyId, { lastName: 'Тесттен' });
    expect(((await (await call(cabinetMoney, req('/api/cabinet/payments', { token: rosterOnly.token }))).json()) as { employers: unknown[] }).employers).toEqual([]);
    // Two roster rows of one company with the same phone name nobody.
    const shared = phone();
    const first = await employeeWithAccount(t.db, alpha.companyId, { phone: shared, lastName: 'Бірінші' });
    await employeeWithAccount(t.db, alpha.companyId, { phone: shared, lastName: 'Екінші', account: false });
    await allocateLessons(t.db, alpha.hr, alpha.companyId, { employeeId: first.employee.id, lessons: 1 });
    expect((await book(first.token, first.employee.id)).status).toBe(404);
    // The dearer tutor; a subject this tutor does not teach.
    const dear = await call(poolBook, req('/api/booking/pool', { token: me.token, body: { employeeId: me.employee.id, tutorId: dearId, subject: 'english', startsAt: slot!.toISOString(), idempotencyKey: `pool-dear-${++n}-xxxxxxxxxxxx` } }));
    expect(dear.status).toBe(409);
    expect(((await dear.json()) as ErrorBody).error.code).toBe('pool_tutor_price');
    expect((await book(me.token, me.employee.id, { subject: 'physics' })).status).toBe(422);
    // Nothing was spent by any refusal.
    expect(await left(t.db, me.employee.id)).toBe(1);
    expect(await left(t.db, betaEmployee.employee.id)).toBe(2);
    expect(await left(t.db, first.employee.id)).toBe(1);
    // Beta's employee books from Beta's lessons only.
    expect((await book(betaEmployee.token, betaEmployee.employee.id)).status).toBe(201);
    expect(await left(t.db, betaEmployee.employee.id)).toBe(1);
    expect(await left(t.db, me.employee.id)).toBe(1);
  });

  it("HR's invitation: an employee whose account has another phone takes the link and books; the link works once; a newer one moves the binding; HR of another company cannot invite", async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const other = await employeeWithAccount(t.db, alpha.companyId, { lastName: 'Жаңа', account: false });
    await t.db.update(companyEmployees).set({ email: `invite-${other.employee.id}@example.kz` }).where(eq(companyEmployees.id, other.employee.id));
    await allocateLessons(t.db, alpha.hr, alpha.companyId, { employeeId: other.employee.id, lessons: 1 });
    const hrA = await hrUser(t.db, { companyId: alpha.companyId, email: 'hr2@alpha-book.kz', phone: phone() });
    const hrB = await hrUser(t.db, { companyId: beta.companyId, email: 'hr2@beta-book.kz', phone: phone() });
    const send = (cookie: string, employeeId: number) => call(invite, companyRequest('/api/company/pool/invitations', { body: { employeeId, channels: ['sms', 'email'] }, cookie, locale: 'en' }));
    expect((await send(hrB.cookie, other.employee.id)).status).toBe(404);
    const sent = await send(hrA.cookie, other.employee.id);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: ['sms', 'email'] });
    expect((await send(hrA.cookie, other.employee.id)).status).toBe(429);
    const messages = await t.db.select().from(outbox).where(inArray(outbox.recipient, [other.employee.phone!, `invite-${other.employee.id}@example.kz`]));
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const token = /#employer=([\w-]+)/.exec(messages[0]!.body)![1]!;
    for (const m of messages) expect(m.body).toContain(`#employer=${token}`);
    // The student signed up with another phone: not matched until the link is taken.
    const sid = await insertTestUser(t.db, { phone: phone() });
    const { accessToken } = await openSession(t.db, { id: sid, scope: 'student' });
    const [slot] = await freeSlotsOfTutor(t.db, tutorId, new Date(), 50);
    const book = () => call(poolBook, req('/api/booking/pool', { token: accessToken, body: { employeeId: other.employee.id, tutorId, subject: 'english', startsAt: slot!.toISOString(), idempotencyKey: `pool-invited-${sid}-xxxxxxxxxx` } }));
    expect((await book()).status).toBe(404);
    const claim = (tok: string, bearer = accessToken) => call(claimInvite, req('/api/cabinet/employer', { token: bearer, body: { token: tok } }));
    const taken = await claim(token);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ employeeId: other.employee.id, company: 'ТОО «alpha-book»', lessonsLeft: 1 });
    expect((await claim(token)).status).toBe(404);
    expect((await book()).status).toBe(201);
    // A new link taken by another account moves the binding: the first account is no longer the employee.
    await t.db.update(companyEmployees).set({ lessonsInviteExpiresAt: new Date(Date.now() + 13 * 86_400_000 - 2 * 3_600_000) }).where(eq(companyEmployees.id, other.employee.id));
    expect((await send(hrA.cookie, other.employee.id)).status).toBe(200);
    const [newest] = await t.db.select().from(outbox).where(eq(outbox.recipient, other.employee.phone!)).orderBy(desc(outbox.id)).limit(1);
    const second = /#employer=([\w-]+)/.exec(newest!.body)![1]!;
    const sid2 = await insertTestUser(t.db, { phone: phone() });
    const s2 = await openSession(t.db, { id: sid2, scope: 'student' });
    expect((await claim(second, s2.accessToken)).status).toBe(200);
    expect(((await (await call(cabinetMoney, req('/api/cabinet/payments', { token: accessToken }))).json()) as { employers: unknown[] }).employers).toEqual([]);
    expect(((await (await call(cabinetMoney, req('/api/cabinet/payments', { token: s2.accessToken }))).json()) as { employers: { employeeId: number }[] }).employers.map((e) => e.employeeId)).toEqual([other.employee.id]);
    // A tutor cannot take one.
    const tutorSession = await openSession(t.db, { id: tutorId, scope: 'tutor tutor:bookable' });
    expect((await claim(second, tutorSession.accessToken)).status).toBe(403);
  });

  it('a free trial never spends a pool lesson: linking one is 409 pool_trial, said in ru, kk and en; an old link can still be removed', async () => {
    const sales = await enrolledStaff(t.db, { email: 'sales-pool-book@school.kz', scopes: ['sales'] });
    const start = new Date(Date.now() + 48 * H);
    const [trial] = await t.db.insert(lessons).values({ tutorId, studentId: me.user!.id, subject: 'english', status: 'booked', startsAt: start, endsAt: new Date(start.getTime() + 30 * MIN) }).returning();
    const link = (body: unknown, locale: string) => call(linkLesson, staffRequest(`/api/admin/trials/${trial!.id}/company`, { method: 'PUT', body, cookie: sales.cookie, locale }), { id: String(trial!.id) });
    const before = await left(t.db, me.employee.id);
    const messages: Record<string, string> = {};
    for (const locale of ['ru', 'kk', 'en']) {
      const res = await link({ employeeId: me.employee.id }, locale);
      expect(res.status).toBe(409);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe('pool_trial');
      messages[locale] = error.message;
    }
    expect(messages.ru).toContain('30 минут');
    expect(messages.kk).toContain('30 минут');
    expect(messages.en).toContain('free 30-minute trial');
    expect(await left(t.db, me.employee.id)).toBe(before);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, trial!.id)))[0]!.companyEmployeeId).toBeNull();
    expect((await link({ employeeId: null }, 'en')).status).toBe(200);
  });
});

/**
 * A pool lesson keeps a paid lesson's rules (docs/payments.md, "A paid lesson's money"), and HR's
 * figures follow the room's log: a booked lesson is "scheduled", never "held", until the log says so.
 */
/**
 * A tutor free around the clock: "booked 11 hours ago" then puts the first slots an hour or two from
 * now whatever the hour the suite runs at (with the usual 08:00–22:00 a run at 00:50 in Almaty found
 * the first slot 7 hours away, past the 8-hour line the tests draw: the date sweep's finding).
 */
const freeAllDay = (db: Db, tutorId: number) =>
  saveSchedule(db, tutorId, scheduleSchema.parse({ weekly: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[0, 1440]]])), daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));

describe(`a pool lesson's money and HR's figures (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('cancelled in time: back; cancelled late: spent and earned; held by the log: earned at the tutor’s price; the tutor did not come: back. HR counts held lessons by the log', async () => {
    const tutorId = await purchasableTutor(t.db, { phone: phone(), price: 6000 });
    await freeAllDay(t.db, tutorId);
    const alpha = await companyWithPool(t.db, 'rules-book', 10);
    const me = await employeeWithAccount(t.db, alpha.companyId);
    await allocateLessons(t.db, alpha.hr, alpha.companyId, { employeeId: me.employee.id, lessons: 5 });
    // 10:00 in Almaty, whatever the hour the suite runs at: the three lessons booked one after another
    // from 11:00 end before midnight (a run at 20:12 in Almaty put the third across it: refused).
    const now = nextSchoolHour(10);
    // Booked "11 hours ago": the tutor's 12 hours' notice lets the first slots start within the next hours.
    const then = new Date(now.getTime() - 11 * H);
    const early = await freeSlotsOfTutor(t.db, tutorId, then, 50);
    const s1 = early[0]!;
    const at = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MIN);
    const book = async (startsAt: Date, bookedAt: Date) =>
      (await bookFromPool(t.db, me.user!, { employeeId: me.employee.id, tutorId, subject: 'english', startsAt, idempotencyKey: `pool-rules-${startsAt.getTime()}-xxxxxxxx` }, bookedAt)).lesson;
    const heldLesson = await book(s1, then);
    const tutorAbsent = await book(at(s1, 60), then);
    const lateCancel = await book(at(s1, 120), then);
    const inTime = await book((await freeSlotsOfTutor(t.db, tutorId, now, 50))[0]!, now);
    expect(await left(t.db, me.employee.id)).toBe(1);

    // Booked is not held: HR sees four lessons ahead, none held.
    let pool = await companyPool(t.db, null, alpha.companyId);
    expect(pool.employees).toEqual([expect.objectContaining({ employeeId: me.employee.id, allocated: 5, scheduled: 4, held: 0, missed: 0, left: 1 })]);
    expect(pool.money).toEqual({ paidTiyn: 10 * COMPANY_LESSON_TIYN, paidLessons: 10, usedTiyn: 0, scheduledTiyn: 4 * COMPANY_LESSON_TIYN, unspentTiyn: 10 * COMPANY_LESSON_TIYN });

    // The student cancels one in time (back) and one less than 8 hours before (spent, the tutor earns).
    const payable = await balance(t.db, ACCOUNTS.tutorPayable(tutorId));
    await cancelLesson(t.db, me.user!, inTime.id, now);
    expect(await left(t.db, me.employee.id)).toBe(2);
    await cancelLesson(t.db, me.user!, lateCancel.id, now);
    expect(await left(t.db, me.employee.id)).toBe(2);
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutorId))).toBe(payable + tutorEarningTiyn(6000));

    // The room: both together for the first lesson; only the student in the second.
    for (const side of ['student', 'tutor'] as const) {
      await recordAttendance(t.db, heldLesson.id, side, `${side}-1`, 'join', heldLesson.startsAt);
      await recordAttendance(t.db, heldLesson.id, side, `${side}-1`, 'leave', heldLesson.endsAt);
    }
    await recordAttendance(t.db, tutorAbsent.id, 'student', 's-2', 'join', tutorAbsent.startsAt);
    await recordAttendance(t.db, tutorAbsent.id, 'student', 's-2', 'leave', tutorAbsent.endsAt);
    // Before the log settles them, HR still sees them ahead (not held).
    pool = await companyPool(t.db, null, alpha.companyId);
    expect(pool.employees[0]).toMatchObject({ scheduled: 2, held: 0, missed: 1 });
    await settleEndedLessons(t.db, at(tutorAbsent.endsAt, 1));
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutorId))).toBe(payable + 2 * tutorEarningTiyn(6000));
    expect(await left(t.db, me.employee.id)).toBe(3);

    pool = await companyPool(t.db, null, alpha.companyId);
    expect(pool.employees[0]).toMatchObject({ allocated: 5, scheduled: 0, held: 1, missed: 1, left: 3 });
    expect(pool.money).toMatchObject({ usedTiyn: 2 * COMPANY_LESSON_TIYN, scheduledTiyn: 0, unspentTiyn: 8 * COMPANY_LESSON_TIYN });
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});

/**
 * An employee leaves the roster (decided in docs/payments.md): lessons booked 8 hours or more ahead
 * are cancelled and come back, the rest of their lessons go back to the company's pool; a lesson
 * within 8 hours stands, and given back later (the tutor did not come) it goes to the company's pool.
 */
describe(`an employee leaves the roster (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('far lessons cancelled and back in the company’s pool; a near one stands and, the tutor absent, returns to the company; the sums stay zero', async () => {
    const tutorId = await purchasableTutor(t.db, { phone: phone(), price: 5000 });
    await freeAllDay(t.db, tutorId);
    const alpha = await companyWithPool(t.db, 'leaving-book', 10);
    const me = await employeeWithAccount(t.db, alpha.companyId);
    await allocateLessons(t.db, alpha.hr, alpha.companyId, { employeeId: me.employee.id, lessons: 4 });
    const now = nextSchoolHour(10);
    const then = new Date(now.getTime() - 11 * H);
    const near = (await bookFromPool(t.db, me.user!, { employeeId: me.employee.id, tutorId, subject: 'english', startsAt: (await freeSlotsOfTutor(t.db, tutorId, then, 50))[0]!, idempotencyKey: `leave-near-${me.user!.id}-xxxxxxxx` }, then)).lesson;
    const far = (await bookFromPool(t.db, me.user!, { employeeId: me.employee.id, tutorId, subject: 'english', startsAt: (await freeSlotsOfTutor(t.db, tutorId, now, 50))[4]!, idempotencyKey: `leave-far-${me.user!.id}-xxxxxxxx` }, now)).lesson;
    expect(await left(t.db, me.employee.id)).toBe(2);
    const unallocated = (await companyPool(t.db, null, alpha.companyId)).unallocated;

    expect(await removeEmployee(t.db, alpha.hr, alpha.companyId, me.employee.id, now)).toEqual({ removed: true, lessonsReturned: 3, lessonsCancelled: 1 });
    expect((await companyPool(t.db, null, alpha.companyId)).unallocated).toBe(unallocated + 3);
    const rows = await t.db.select().from(lessons).where(inArray(lessons.id, [near.id, far.id]));
    expect(rows.find((r) => r.id === far.id)).toMatchObject({ status: 'cancelled', companyEmployeeId: null });
    expect(rows.find((r) => r.id === near.id)).toMatchObject({ status: 'booked' });
    // The employee is no longer matched: nothing more can be booked.
    await expect(bookFromPool(t.db, me.user!, { employeeId: me.employee.id, tutorId, subject: 'english', startsAt: (await freeSlotsOfTutor(t.db, tutorId, now, 50))[6]!, idempotencyKey: `leave-after-${me.user!.id}-xxxxxxxx` }, now)).rejects.toMatchObject({ status: 404 });

    // The near lesson: the tutor does not come; the lesson goes back to the company's pool.
    await recordAttendance(t.db, near.id, 'student', 's', 'join', near.startsAt);
    await recordAttendance(t.db, near.id, 'student', 's', 'leave', near.endsAt);
    await settleEndedLessons(t.db, new Date(near.endsAt.getTime() + MIN));
    expect(await poolSpendOf(t.db, near.id)).toBeNull();
    expect((await companyPool(t.db, null, alpha.companyId)).unallocated).toBe(unallocated + 4);
    expect(await balance(t.db, ACCOUNTS.employeeBalance(me.employee.id))).toBe(0);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
