import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/log';
import { companies, companyEmployees, groupSeats, ledgerEntries, lessons, outbox, tutorApplications, tutorProfiles } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { removeEmployee } from '@/lib/company-portal/roster';
import { recordAttendance, settleEndedLessons } from '@/lib/lessons/attendance';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { actOfMonth, reconciliation } from '@/lib/payments/company-documents';
import { groupInvoice, markInvoicePaid } from '@/lib/payments/company-pools';
import { revenueReport } from '@/lib/payments/finance';
import { groupSchema, type GroupInput } from '@/lib/validations/groups';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { hrUser } from '@/test/company';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { schoolDay } from '@/lib/time/wall-clock';
import { createGroup, openGroup, setTeachesGroups } from './admin';
import { cancelGroup, cancelGroupLesson, mergeGroup } from './changes';
import { companyGroupAttendance, companyGroupMoney, enrolEmployee, unenrolEmployee } from './corporate';
import { holdSeat } from './seats';
import { runGroupPass, startGroups } from './jobs';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Monday 3 March 2025, 09:00 Almaty: the suite's clock; groups start Monday the 10th, Mon/Wed 18:30 (13:30 UTC). */
const T0 = new Date('2025-03-03T04:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/**
 * A company's closed group billed on its invoice (docs/payments.md "Group seats", "Corporate
 * groups"): the group's invoice paid into the company's group money, seats paid from it, each lesson
 * spent from the seat, an employee removed getting the lessons not yet held back to the company, the
 * tutor never earning more than the company paid, the ledger at zero, the closing documents and
 * finance's revenue agreeing with it, and one company never touching another's group or money.
 */
describe(`corporate groups: the company's invoice pays the seats (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let db: Db;
  let n = 0;
  const phone = () => `+7705${String(1_000_000 + ++n)}`;
  const finance: Actor = { kind: 'staff', id: null, label: 'finance@school.kz', ipHash: 'test' };
  const staff: Actor = { kind: 'staff', id: null, label: 'sales@school.kz', ipHash: 'test' };

  beforeAll(() => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    db = t.db;
  });

  async function tutor(): Promise<number> {
    const id = await insertTestUser(db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: phone(), name: 'Асель', lastname: 'Нұрова', subject: 'kazakh' });
    await db.insert(tutorApplications).values({ userId: id, status: 'approved', reviewDueAt: T0, decidedAt: T0 });
    const profile = { ...emptyProfile(), price: 6000, subjects: ['kazakh'] as never, teachingLanguages: ['ru'] as never };
    await db.insert(tutorProfiles).values({ userId: id, slug: `asel-${id}`, draft: profile, published: profile, publishedAt: T0 });
    await setTeachesGroups(db, staff, id, true);
    return id;
  }
  /** A company with its BIN (invoices need it) and its HR person. */
  async function company(slug: string) {
    const [row] = await db.insert(companies).values({ slug, name: `ТОО «${slug}»`, bin: '990140000385' }).returning();
    const hr = await hrUser(db, { companyId: row!.id, email: `hr@${slug}.kz`, phone: phone() });
    const actor: Actor = { kind: 'company', id: hr.id, label: `hr@${slug}.kz`, ipHash: 'test' };
    return { id: row!.id, actor, member: { companyId: row!.id, userId: hr.id, locale: 'ru' } };
  }
  /** An employee of the roster with a student account of the same phone. */
  async function employee(companyId: number, lastName: string) {
    const p = phone();
    const studentId = await insertTestUser(db, { phone: p, name: lastName, lastname: lastName });
    const [row] = await db.insert(companyEmployees).values({ companyId, lastName, firstName: 'Айгүл', iinHash: `h-${p}`, iinLast4: '0017', iinSealed: 'x', positionCode: '1', phone: p }).returning();
    return { id: row!.id, studentId, phone: p };
  }
  const input = (tutorId: number, companyId: number, over: Partial<GroupInput> = {}) =>
    groupSchema.parse({ subject: 'kazakh', level: 'A2', ageBand: 'adults', tutorId, weekdays: [1, 3], startTime: '18:30', durationMinutes: 60, startDate: '2025-03-10', lessons: 8, minSeats: 2, maxSeats: 6, pricePerLesson: 3500, companyId, ...over });
  async function openFor(companyId: number, over: Partial<GroupInput> = {}) {
    const group = await createGroup(db, staff, input(await tutor(), companyId, over), T0);
    return openGroup(db, staff, group.id, T0);
  }
  /** HR orders the group's invoice for `seats`, finance marks it paid. */
  async function paidInvoice(c: Awaited<ReturnType<typeof company>>, groupId: number, seats: number, now = T0) {
    const invoice = await groupInvoice(db, c.actor, c.member, groupId, seats, now);
    await markInvoicePaid(db, finance, invoice.id, { paidOn: schoolDay(now), paymentOrder: `PP-${invoice.id}` }, now);
    return invoice;
  }
  const lessonsOf = (groupId: number) => db.select().from(lessons).where(eq(lessons.groupId, groupId)).orderBy(lessons.startsAt);
  /** A lesson held by the room's log: the tutor and `present` for its whole length. */
  async function hold(lesson: typeof lessons.$inferSelect, present: number[]) {
    await recordAttendance(db, lesson.id, 'tutor', `t${lesson.id}`, 'join', lesson.startsAt);
    await recordAttendance(db, lesson.id, 'tutor', `t${lesson.id}`, 'leave', lesson.endsAt);
    for (const id of present) {
      await recordAttendance(db, lesson.id, 'student', `s${id}`, 'join', lesson.startsAt, id);
      await recordAttendance(db, lesson.id, 'student', `s${id}`, 'leave', lesson.endsAt, id);
    }
    await settleEndedLessons(db, new Date(lesson.endsAt.getTime() + MIN));
  }
  const code = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? ((r.reason as ApiError).code ?? String(r.reason)) : 'ok');
  const ledgerIsZero = async () => expect(await ledgerTotal(db)).toEqual({ total: 0, unbalancedTxns: 0 });
  /** What the company's seats spent for a lesson, and what its tutor earned for it. */
  async function lessonMoney(lessonId: number) {
    const rows = await db.select({ kind: ledgerEntries.kind, account: ledgerEntries.account, amount: ledgerEntries.amountTiyn }).from(ledgerEntries).where(eq(ledgerEntries.lessonId, lessonId));
    return {
      spent: rows.filter((r) => r.kind === 'company_group_lesson' && r.account === ACCOUNTS.schoolRevenue).reduce((s, r) => s + r.amount, 0),
      earned: rows.filter((r) => r.kind === 'tutor_earning' && r.account.startsWith('tutor_payable:')).reduce((s, r) => s + r.amount, 0),
    };
  }
  /** The company's seat accounts still holding money (none once its groups are over). */
  const seatAccountsLeft = async (companyId: number) =>
    (
      await db
        .select({ account: ledgerEntries.account, sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text` })
        .from(ledgerEntries)
        .where(and(like(ledgerEntries.account, 'group_seat:%'), sql`substring(${ledgerEntries.account} from 12)::int in (select s.id from group_seats s join groups g on g.id = s.group_id where g.company_id = ${companyId})`))
        .groupBy(ledgerEntries.account)
    ).filter((r) => Number(r.sum) !== 0);

  it("the group's invoice pays the seats: none before it is paid; each lesson spends from the seats; a removed employee's lessons not yet held go back to the company; the ledger and the documents agree", async () => {
    const acme = await company('acme-corp');
    const group = await openFor(acme.id);
    const [a, b, c, d] = [await employee(acme.id, 'Алиева'), await employee(acme.id, 'Бекова'), await employee(acme.id, 'Сейтова'), await employee(acme.id, 'Досова')];
    // No paid money for groups yet: no seat.
    await expect(enrolEmployee(db, acme.actor, acme.id, group.id, a.id, T0)).rejects.toMatchObject({ code: 'company_group_funds' });
    // The invoice: 3 seats × 8 lessons × 3 500 ₸ = 84 000 ₸; still not paid, still no seat.
    const invoice = await groupInvoice(db, acme.actor, acme.member, group.id, 3, T0);
    expect(invoice).toMatchObject({ groupId: group.id, seats: 3, groupLessons: 8, lessons: 24, perLessonTiyn: 350_000, amountTiyn: 8_400_000, status: 'issued' });
    await expect(enrolEmployee(db, acme.actor, acme.id, group.id, a.id, T0)).rejects.toMatchObject({ code: 'company_group_funds' });
    await markInvoicePaid(db, finance, invoice.id, { paidOn: '2025-03-03', paymentOrder: '77' }, T0);
    // Paid into the company's group money, never into its lesson pool.
    expect(await balance(db, ACCOUNTS.companyGroups(acme.id))).toBe(8_400_000);
    expect(await balance(db, ACCOUNTS.companyBalance(acme.id))).toBe(0);
    for (const e of [a, b, c]) expect(await enrolEmployee(db, acme.actor, acme.id, group.id, e.id, T0)).toMatchObject({ status: 'paid', orderId: null, lessons: 8, amountTiyn: 2_800_000 });
    await expect(enrolEmployee(db, acme.actor, acme.id, group.id, d.id, T0)).rejects.toMatchObject({ code: 'company_group_funds' });
    expect(await companyGroupMoney(db, acme.id)).toEqual({ paidTiyn: 8_400_000, spentTiyn: 0, onSeatsTiyn: 8_400_000, availableTiyn: 0 });
    // The employee is told by SMS, in the employer's words.
    expect((await db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, a.phone)))).some((m) => m.body.includes('место оплатил работодатель'))).toBe(true);

    const rows = await lessonsOf(group.id);
    // Lesson 1: A and B there, C not (spent all the same): 3 × 3 500 spent; the tutor earns 3 × 3 500 × 50 %.
    await hold(rows[0]!, [a.studentId, b.studentId]);
    expect(await lessonMoney(rows[0]!.id)).toEqual({ spent: 1_050_000, earned: 525_000 });
    // Lesson 2: the tutor did not come: nothing spent, the lesson is owed to the seats.
    await recordAttendance(db, rows[1]!.id, 'student', 'x', 'join', rows[1]!.startsAt, a.studentId);
    await settleEndedLessons(db, new Date(rows[1]!.endsAt.getTime() + MIN));
    expect(await lessonMoney(rows[1]!.id)).toEqual({ spent: 0, earned: 0 });

    // HR removes C after lesson 2: lesson 2 (owed) and the 6 ahead come back, 7 × 3 500 = 24 500 ₸.
    const afterTwo = new Date(rows[1]!.endsAt.getTime() + 2 * MIN);
    expect(await unenrolEmployee(db, acme.actor, acme.id, group.id, c.id, afterTwo)).toEqual({ returnedTiyn: 2_450_000, lessons: 7 });
    await expect(unenrolEmployee(db, acme.actor, acme.id, group.id, c.id, afterTwo)).rejects.toMatchObject({ code: 'not_found' });
    expect(await balance(db, ACCOUNTS.companyGroups(acme.id))).toBe(2_450_000);
    expect((await db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, c.phone)))).some((m) => m.body.includes('исключил'))).toBe(true);
    // D takes the freed money: 6 lessons ahead × 3 500 = 21 000 ₸; 3 500 ₸ stays free.
    expect(await enrolEmployee(db, acme.actor, acme.id, group.id, d.id, afterTwo)).toMatchObject({ lessons: 6, amountTiyn: 2_100_000 });
    expect((await companyGroupMoney(db, acme.id)).availableTiyn).toBe(350_000);

    // Lesson 3 with A, B and D: three seats spend.
    await hold(rows[2]!, [a.studentId, d.studentId]);
    expect(await lessonMoney(rows[2]!.id)).toEqual({ spent: 1_050_000, earned: 525_000 });
    // HR sees each employee's lessons and minutes, C removed with the lessons they had.
    const seen = await companyGroupAttendance(db, acme.id, group.id);
    expect(seen.map((s) => [s.lastName, s.enrolled, s.lessons, s.attended, s.minutes])).toEqual([
      ['Алиева', true, 2, 2, 120],
      ['Бекова', true, 2, 1, 60],
      ['Досова', true, 1, 1, 60],
      ['Сейтова', false, 1, 0, 0],
    ]);

    // Paid = spent + on seats + free; the ledger at zero; the tutor never earned more than the seats spent.
    const money = await companyGroupMoney(db, acme.id);
    expect(money).toEqual({ paidTiyn: 8_400_000, spentTiyn: 2_100_000, onSeatsTiyn: 8_400_000 - 2_100_000 - 350_000, availableTiyn: 350_000 });
    expect(money.paidTiyn).toBe(money.spentTiyn + money.onSeatsTiyn + money.availableTiyn);
    await ledgerIsZero();

    // The act of March: one line per employee and lesson spent (C's missed lesson 1 too), at 3 500 ₸.
    const act = await actOfMonth(db, acme.id, '2025-03', at(40 * 24 * HOUR));
    expect(act.lines.map((l) => [l.employee, l.state, l.amountTiyn])).toEqual([
      ['Алиева А.', 'held', 350_000],
      ['Бекова А.', 'held', 350_000],
      ['Сейтова А.', 'missed', 350_000],
      ['Алиева А.', 'held', 350_000],
      ['Бекова А.', 'missed', 350_000],
      ['Досова А.', 'held', 350_000],
    ]);
    expect(act.amountTiyn).toBe(money.spentTiyn);
    // The reconciliation statement: the invoice paid, the lessons used; what is left is the company's.
    const statement = await reconciliation(db, acme.id, '2025-03-01', '2025-03-31');
    expect(statement.creditTiyn).toBe(8_400_000);
    expect(statement.debitTiyn).toBe(2_100_000);
    expect(statement.closingTiyn).toBe(money.onSeatsTiyn + money.availableTiyn);

    // Finance: the group's invoice beside the pools', the school's share of group lessons from the ledger.
    const today = schoolDay(new Date());
    const report = await revenueReport(db, finance, { from: '2025-03-01', to: today, touch: 'first' });
    const groupRow = report.byKind.find((r) => r.key === 'group')!;
    expect(groupRow).toMatchObject({ invoices: 1, invoicesTiyn: 8_400_000 });
    const [share] = await db.execute<{ s: string }>(sql`select coalesce(sum(e.amount_tiyn), 0)::text as s from ledger_entries e join lessons l on l.id = e.lesson_id where e.account = 'school_revenue' and l.group_id = ${group.id}`).then((r) => (r as unknown as { rows?: { s: string }[] }).rows ?? (r as unknown as { s: string }[]));
    expect(Number(share!.s)).toBe(2_100_000 - 1_050_000);
    expect(groupRow.schoolTiyn).toBeGreaterThanOrEqual(Number(share!.s));
    expect(report.byKind.reduce((s, r) => s + r.schoolTiyn, 0)).toBe(report.schoolRevenueTiyn);
    expect(report.byKind.reduce((s, r) => s + r.netTiyn, 0)).toBe(report.receivedTiyn - report.total.refundedTiyn);
  });

  it("one company never touches another's group or money: 404 for its group, no spending of its money, its invoice 404", async () => {
    const [alpha, beta] = [await company('alpha-corp'), await company('beta-corp')];
    const alphaGroup = await openFor(alpha.id);
    const betaGroup = await openFor(beta.id, { startTime: '10:00' });
    await paidInvoice(alpha, alphaGroup.id, 2);
    const alphaEmployee = await employee(alpha.id, 'Альфаева');
    const betaEmployee = await employee(beta.id, 'Бетова');
    // Beta's HR on Alpha's group: 404 everywhere, and nothing moves.
    await expect(groupInvoice(db, beta.actor, beta.member, alphaGroup.id, 1, T0)).rejects.toMatchObject({ code: 'not_found' });
    await expect(enrolEmployee(db, beta.actor, beta.id, alphaGroup.id, betaEmployee.id, T0)).rejects.toMatchObject({ code: 'not_found' });
    await expect(enrolEmployee(db, beta.actor, beta.id, betaGroup.id, alphaEmployee.id, T0)).rejects.toMatchObject({ code: 'not_found' });
    await expect(companyGroupAttendance(db, beta.id, alphaGroup.id)).rejects.toMatchObject({ code: 'not_found' });
    // Alpha's paid money does not seat anyone in Beta's group.
    await expect(enrolEmployee(db, beta.actor, beta.id, betaGroup.id, betaEmployee.id, T0)).rejects.toMatchObject({ code: 'company_group_funds' });
    const seat = await enrolEmployee(db, alpha.actor, alpha.id, alphaGroup.id, alphaEmployee.id, T0);
    await expect(unenrolEmployee(db, beta.actor, beta.id, alphaGroup.id, alphaEmployee.id, T0)).rejects.toMatchObject({ code: 'not_found' });
    expect((await db.select().from(groupSeats).where(eq(groupSeats.id, seat.id)))[0]!.status).toBe('paid');
    expect(await companyGroupMoney(db, beta.id)).toEqual({ paidTiyn: 0, spentTiyn: 0, onSeatsTiyn: 0, availableTiyn: 0 });
    // A closed group takes no card buyer.
    await expect(holdSeat(db, { id: await insertTestUser(db, { phone: phone() }), scope: 'student' }, alphaGroup.id, T0)).rejects.toMatchObject({ code: 'not_found' });
    await ledgerIsZero();
  });

  it('ten parallel enrolments on the money for two seats: two seated, eight refused, nothing spent twice', async () => {
    const c = await company('rush-corp');
    const group = await openFor(c.id);
    await paidInvoice(c, group.id, 2);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => employee(c.id, `Рахимова${i}`)));
    const results = await Promise.allSettled(people.map((p) => enrolEmployee(db, c.actor, c.id, group.id, p.id, T0)));
    expect(results.map(code).sort()).toEqual([...Array(8).fill('company_group_funds'), 'ok', 'ok'].sort());
    expect(await companyGroupMoney(db, c.id)).toEqual({ paidTiyn: 5_600_000, spentTiyn: 0, onSeatsTiyn: 5_600_000, availableTiyn: 0 });
    await ledgerIsZero();
  });

  it("the school's changes give the company its money back: a lesson cancelled, a merge into a cheaper group, the group cancelled, the group's end, an employee leaving the roster", async () => {
    const c = await company('change-corp');
    const from = await openFor(c.id, { pricePerLesson: 4000 });
    const into = await openFor(c.id, { pricePerLesson: 3500, startTime: '08:00' });
    await paidInvoice(c, from.id, 2);
    const [e1, e2] = [await employee(c.id, 'Ерлан'), await employee(c.id, 'Жанар')];
    for (const e of [e1, e2]) await enrolEmployee(db, c.actor, c.id, from.id, e.id, T0);
    expect((await companyGroupMoney(db, c.id)).onSeatsTiyn).toBe(2 * 8 * 400_000);
    // A lesson cancelled for all: 4 000 ₸ a seat back to the company.
    const [first] = await lessonsOf(from.id);
    await cancelGroupLesson(db, staff, first!.id, 'tutor ill', at(HOUR));
    expect(await balance(db, ACCOUNTS.companyGroups(c.id))).toBe(2 * 400_000);
    // Merged into the 3 500 ₸ group (8 lessons ahead there): each seat's 7 × 4 000 ₸ pays 8 × 3 500 ₸ there, nothing over.
    const merged = await mergeGroup(db, staff, from.id, into.id, at(2 * HOUR));
    expect(merged).toMatchObject({ moved: 2, refunds: [] });
    expect(await balance(db, ACCOUNTS.companyGroups(c.id))).toBe(2 * 400_000);
    const moved = await db.select().from(groupSeats).where(and(eq(groupSeats.groupId, into.id), eq(groupSeats.status, 'paid')));
    expect(moved.map((s) => [s.perLessonTiyn, s.lessons, s.amountTiyn])).toEqual([[350_000, 8, 2_800_000], [350_000, 8, 2_800_000]]);
    for (const s of moved) expect(await balance(db, ACCOUNTS.groupSeat(s.id))).toBe(2_800_000);
    expect((await db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, e1.phone)))).filter((m) => m.body.includes('место оплатил работодатель'))).toHaveLength(2);
    // E2 leaves the roster: their seat ends, all 8 lessons back.
    await removeEmployee(db, c.actor, c.id, e2.id, at(3 * HOUR));
    expect((await db.select().from(groupSeats).where(eq(groupSeats.id, moved.find((s) => s.studentId === e2.studentId)!.id)))[0]).toMatchObject({ status: 'refunded', endReason: 'removed' });
    expect(await balance(db, ACCOUNTS.companyGroups(c.id))).toBe(800_000 + 2_800_000);
    // The group cancelled before its start: the last seat's money back in full; the employee told it was the company's.
    await cancelGroup(db, staff, into.id, 'not enough people', at(4 * HOUR));
    expect(await balance(db, ACCOUNTS.companyGroups(c.id))).toBe(800_000 + 2 * 2_800_000);
    expect((await db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, e1.phone)))).some((m) => m.body.includes('оплачивала ваша компания'))).toBe(true);
    expect(await seatAccountsLeft(c.id)).toEqual([]);
    const money = await companyGroupMoney(db, c.id);
    expect(money).toEqual({ paidTiyn: 6_400_000, spentTiyn: 0, onSeatsTiyn: 0, availableTiyn: 6_400_000 });
    await ledgerIsZero();
  });

  it("a finished group gives the company what its seats still hold; with one employee left of a minimum of three the tutor earns no more than the company paid", async () => {
    const c = await company('end-corp');
    const tutorId = await tutor();
    const group = await openGroup(db, staff, (await createGroup(db, staff, input(tutorId, c.id, { lessons: 2, minSeats: 3, startTime: '12:00' }), T0)).id, T0);
    await paidInvoice(c, group.id, 1);
    const e = await employee(c.id, 'Жалғыз');
    await enrolEmployee(db, c.actor, c.id, group.id, e.id, T0);
    const [l1, l2] = await lessonsOf(group.id);
    // Under way (the pass's start; an open group still under its minimum would be cancelled by the pass).
    expect(await startGroups(db, l1!.startsAt)).toBeGreaterThanOrEqual(1);
    // Lesson 1 held with the one employee: 3 500 ₸ spent; the floor of 3 × 3 500 is capped at what 60 % of 3 500 covers: 5 833 ₸ × 50 %.
    await hold(l1!, [e.studentId]);
    expect(await lessonMoney(l1!.id)).toEqual({ spent: 350_000, earned: 291_650 });
    expect((await db.select().from(lessons).where(eq(lessons.id, l1!.id)))[0]!.groupEarningBase).toBe(5_833);
    // Lesson 2: the tutor did not come: owed; the group ends and the seat's 3 500 ₸ go back to the company.
    await settleEndedLessons(db, new Date(l2!.endsAt.getTime() + MIN));
    await runGroupPass(db, new Date(l2!.endsAt.getTime() + 2 * MIN));
    expect(await balance(db, ACCOUNTS.companyGroups(c.id))).toBe(350_000);
    expect(await seatAccountsLeft(c.id)).toEqual([]);
    expect(await companyGroupMoney(db, c.id)).toEqual({ paidTiyn: 700_000, spentTiyn: 350_000, onSeatsTiyn: 0, availableTiyn: 350_000 });
    await ledgerIsZero();
  });
});
