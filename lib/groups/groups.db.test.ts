import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/log';
import { companies, companyEmployees, fiscalReceipts, groupSeats, groupWaitlist, groups, ledgerEntries, lessons, lessonStudentFacts, outbox, paymentOrders, paymentRefunds, tutorApplications, tutorProfiles } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { recordAttendance, settleEndedLessons } from '@/lib/lessons/attendance';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { startSeatCheckout } from '@/lib/payments/checkout';
import { groupInvoice, markInvoicePaid } from '@/lib/payments/company-pools';
import { reconcileOrder } from '@/lib/payments/events';
import { registerLines, statementLessons } from '@/lib/payments/payouts';
import { sendRefunds } from '@/lib/payments/refunds';
import { groupSchema, type GroupInput } from '@/lib/validations/groups';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { startFakeEpay, type FakeEpay } from '@/scripts/fakes/epay.mjs';
import { hrUser } from '@/test/company';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { payOnHostedPage } from '@/test/payments';
import { createGroup, openGroup, setTeachesGroups, staffGroupDetail, staffGroups } from './admin';
import { publicGroup, publicGroups, studentGroups, studentSeats, tutorGroups } from './catalogue';
import { cancelGroupLesson, mergeGroup, moveGroupLesson } from './changes';
import { companyGroupAttendance, companyGroups, enrolEmployee } from './corporate';
import { runGroupPass } from './jobs';
import { holdSeat, leaveGroup } from './seats';
import { expireSeatHolds, joinWaitlist } from './waitlist';

/** Approved, the notification never comes: the test asks the bank itself, on its own clock (reconcileOrder). */
const DROPPED = '4000000000000002';
const MIN = 60_000;
const HOUR = 60 * MIN;
/**
 * Monday 3 March 2025, 09:00 in Almaty: the suite's clock. Groups start on Monday the 10th, Mon/Wed
 * 18:30 (13:30 UTC). In the past on purpose: the ledger stamps its rows with the real time, and the
 * payout register reads a month's earnings booked from that month on.
 */
const T0 = new Date('2025-03-03T04:00:00Z');
const FIRST = new Date('2025-03-10T13:30:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe(`group lessons: seats, money and attendance (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let db: Db;
  let fake: FakeEpay;
  const staff: Actor = { kind: 'staff', id: null, label: 'sales@school.kz', ipHash: 'test' };
  let n = 0;
  const phone = () => `+7702${String(1_000_000 + ++n)}`;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    db = t.db;
    fake = await startFakeEpay({ lateMs: 300 });
    // No notification route here: the bank is asked by reconcileOrder on the suite's clock.
    Object.assign(process.env, fake.env, { PAYMENT_SITE_ORIGIN: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    for (const k of [...Object.keys(fake.env), 'PAYMENT_SITE_ORIGIN']) delete process.env[k];
    await fake.close();
  });

  async function tutor(opts: { teaches?: boolean } = {}): Promise<number> {
    const id = await insertTestUser(db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: phone(), name: 'Дина', lastname: 'Ахметова', subject: 'english' });
    await db.insert(tutorApplications).values({ userId: id, status: 'approved', reviewDueAt: T0, decidedAt: T0 });
    const profile = { ...emptyProfile(), price: 6000, subjects: ['english', 'kazakh'] as never, teachingLanguages: ['ru'] as never };
    await db.insert(tutorProfiles).values({ userId: id, slug: `dina-${id}`, draft: profile, published: profile, publishedAt: T0 });
    if (opts.teaches !== false) await setTeachesGroups(db, staff, id, true);
    return id;
  }
  async function student(locale = 'ru') {
    const id = await insertTestUser(db, { phone: phone(), email: `s${n}@example.kz`, locale });
    return { id, scope: 'student', phone: `+7702${String(1_000_000 + n)}`, email: `s${n}@example.kz` };
  }
  const input = (tutorId: number, over: Partial<GroupInput> = {}) =>
    groupSchema.parse({ subject: 'english', level: 'A2', ageBand: 'adults', tutorId, weekdays: [1, 3], startTime: '18:30', durationMinutes: 60, startDate: '2025-03-10', lessons: 8, minSeats: 3, maxSeats: 6, pricePerLesson: 3500, ...over });
  async function openNew(over: Partial<GroupInput> = {}, tutorId?: number) {
    const group = await createGroup(db, staff, input(tutorId ?? (await tutor()), over), T0);
    return openGroup(db, staff, group.id, T0);
  }
  /** A student pays for a seat through the checkout and the bank's fake, on `now`. */
  async function pay(s: { id: number; scope: string }, groupId: number, now = T0) {
    const started = await startSeatCheckout(db, s, groupId, { locale: 'ru' }, now);
    await payOnHostedPage(fake, started.start, DROPPED);
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.invoiceId, started.invoiceId));
    expect(await reconcileOrder(db, order!, now)).toBe('credited');
    return { ...started, orderId: order!.id };
  }
  const seatsOf = (groupId: number) => db.select().from(groupSeats).where(eq(groupSeats.groupId, groupId)).orderBy(groupSeats.id);
  const lessonsOf = (groupId: number) => db.select().from(lessons).where(eq(lessons.groupId, groupId)).orderBy(lessons.startsAt);
  const code = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? ((r.reason as ApiError).code ?? String(r.reason)) : 'ok');
  const ledgerIsZero = async () => expect(await ledgerTotal(db)).toEqual({ total: 0, unbalancedTxns: 0 });
  const smsTo = (p: string) => db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, p)));

  it('makes a group\'s dated lessons in Almaty time, keeps the tutor\'s time, and opens it for sale', async () => {
    const tutorId = await tutor();
    const draft = await createGroup(db, staff, input(tutorId), T0);
    const rows = await lessonsOf(draft.id);
    expect(rows).toHaveLength(8);
    // Mon/Wed 18:30 in Almaty is 13:30 UTC; the 8th lesson is Wednesday 2 April.
    expect(rows.map((l) => l.startsAt.toISOString())).toEqual(['2025-03-10', '2025-03-12', '2025-03-17', '2025-03-19', '2025-03-24', '2025-03-26', '2025-03-31', '2025-04-02'].map((d) => `${d}T13:30:00.000Z`));
    expect(rows.every((l) => l.kind === 'group' && l.status === 'hold' && l.studentId === null && l.endsAt.getTime() - l.startsAt.getTime() === HOUR)).toBe(true);
    expect(await publicGroups(db, {}, T0)).not.toContainEqual(expect.objectContaining({ id: draft.id }));
    // The same tutor at an overlapping time: refused by the lessons' no-overlap constraint.
    await expect(createGroup(db, staff, input(tutorId, { startTime: '19:00' }), T0)).rejects.toMatchObject({ code: 'group_schedule_busy' });
    await expect(createGroup(db, staff, input(await tutor({ teaches: false })), T0)).rejects.toMatchObject({ fields: { tutorId: 'group_tutor' } });
    expect(() => input(tutorId, { maxSeats: 7 })).toThrow();
    expect(() => input(tutorId, { pricePerLesson: 3499 })).toThrow();
    const open = await openGroup(db, staff, draft.id, T0);
    expect(open.status).toBe('open');
    expect((await lessonsOf(draft.id)).every((l) => l.status === 'booked')).toBe(true);
    const card = (await publicGroups(db, { subject: 'english', level: 'A2', weekday: 3 }, T0)).find((g) => g.id === draft.id)!;
    expect(card).toMatchObject({ startTime: '18:30', lessonsLeft: 8, seatsLeft: 6, pricePerLessonTiyn: 350_000, priceNowTiyn: 2_800_000, nextLessonAt: FIRST.toISOString(), tutor: { name: 'Дина А.' } });
    expect((await publicGroup(db, draft.id, T0))!.lessons).toHaveLength(8);
    expect(await publicGroups(db, { level: 'B1' }, T0)).not.toContainEqual(expect.objectContaining({ id: draft.id }));
  });

  it('never oversells: 10 parallel holds for the last 2 seats → 2 held, 8 refused; 10 parallel checkouts → 2 orders, 8 refused before paying', async () => {
    for (const how of ['hold', 'checkout'] as const) {
      const group = await openNew();
      for (let i = 0; i < 4; i++) await pay(await student(), group.id);
      const buyers = await Promise.all(Array.from({ length: 10 }, () => student()));
      const results = await Promise.allSettled(buyers.map((b) => (how === 'hold' ? holdSeat(db, b, group.id, at(MIN)) : startSeatCheckout(db, b, group.id, { locale: 'ru' }, at(MIN)))));
      expect(results.map(code).sort()).toEqual([...Array(8).fill('group_full'), 'ok', 'ok'].sort());
      const seats = await seatsOf(group.id);
      expect(seats.filter((s) => s.status === 'paid')).toHaveLength(4);
      expect(seats.filter((s) => s.status === 'held')).toHaveLength(2);
      // The refused never reached the bank: only the seats' orders exist.
      const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.groupId, group.id));
      expect(orders).toHaveLength(how === 'hold' ? 4 : 6);
      expect((await publicGroups(db, {}, at(MIN))).find((g) => g.id === group.id)!.seatsLeft).toBe(0);
    }
    await ledgerIsZero();
  });

  it('a payment for a lapsed hold of a group that filled meanwhile is refunded in full, with a return receipt; the ledger sums to zero', async () => {
    const group = await openNew({ minSeats: 1, maxSeats: 2 });
    const late = await student();
    const started = await startSeatCheckout(db, late, group.id, { locale: 'ru' }, T0);
    expect(started).toMatchObject({ amountTiyn: 2_800_000, lessons: 8, heldUntil: at(20 * MIN).toISOString() });
    await payOnHostedPage(fake, started.start, DROPPED);
    // The hold lapses before the bank's word comes; two others take the seats.
    expect(await expireSeatHolds(db, at(21 * MIN))).toBeGreaterThanOrEqual(1);
    expect((await seatsOf(group.id)).find((s) => s.studentId === late.id)).toMatchObject({ status: 'cancelled', endReason: 'lapsed' });
    const others = [await student(), await student()];
    for (const s of others) await pay(s, group.id, at(22 * MIN));
    // The seat's mail: every date, and one calendar file of the whole series.
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, others[0]!.email)));
    expect(mail!.subject).toBe('Вы в группе «Английский язык A2»');
    expect(mail!.ics).toContain('METHOD:REQUEST');
    expect(mail!.ics!.match(/BEGIN:VEVENT/g)).toHaveLength(8);
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.invoiceId, started.invoiceId));
    expect(await reconcileOrder(db, order!, at(25 * MIN))).toBe('credited');
    const seats = await seatsOf(group.id);
    expect(seats.filter((s) => s.status === 'paid')).toHaveLength(2);
    expect(seats.find((s) => s.studentId === late.id && s.status === 'refunded')).toMatchObject({ endReason: 'full', orderId: order!.id });
    const [refund] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order!.id));
    expect(refund).toMatchObject({ status: 'done', amountTiyn: 2_800_000 });
    const receipts = await db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order!.id));
    expect(receipts.map((r) => [r.kind, r.amountTiyn]).sort()).toEqual([['sale', 2_800_000], ['sale_return', 2_800_000]]);
    expect((await db.select().from(paymentOrders).where(eq(paymentOrders.id, order!.id)))[0]!.status).toBe('refunded');
    expect(await balance(db, ACCOUNTS.studentBalance(late.id))).toBe(0);
    expect((await smsTo(late.phone)).some((m) => m.body.includes('заняли'))).toBe(true);
    await ledgerIsZero();
  });

  it('joining a running group pays for the lessons left; each lesson spends every seat\'s price, present or not; the tutor earns the rule; the register counts it', async () => {
    const tutorId = await tutor();
    const group = await openNew({ minSeats: 3 }, tutorId);
    const early = [await student(), await student(), await student()];
    for (const s of early) await pay(s, group.id);
    const rows = await lessonsOf(group.id);
    // Lesson 1: the tutor and two of three students for the whole hour; lesson 2: the tutor never came.
    const l1 = rows[0]!;
    await recordAttendance(db, l1.id, 'tutor', 't1', 'join', l1.startsAt);
    await recordAttendance(db, l1.id, 'tutor', 't1', 'leave', l1.endsAt);
    for (const s of early.slice(0, 2)) {
      await recordAttendance(db, l1.id, 'student', `s${s.id}`, 'join', l1.startsAt, s.id);
      await recordAttendance(db, l1.id, 'student', `s${s.id}`, 'leave', l1.endsAt, s.id);
    }
    await recordAttendance(db, rows[1]!.id, 'student', 'x', 'join', rows[1]!.startsAt, early[0]!.id);
    await runGroupPass(db, rows[1]!.endsAt);
    expect((await db.select().from(groups).where(eq(groups.id, group.id)))[0]!.status).toBe('running');
    await settleEndedLessons(db, new Date(rows[1]!.endsAt.getTime() + MIN));
    const facts = await db.select().from(lessonStudentFacts).where(eq(lessonStudentFacts.lessonId, l1.id));
    expect(facts.map((f) => [f.studentId, f.present, f.minutes]).sort()).toEqual(early.map((s, i) => [s.id, i < 2, i < 2 ? 60 : 0]).sort());
    const [done1] = await db.select().from(lessons).where(eq(lessons.id, l1.id));
    expect(done1).toMatchObject({ status: 'held', factStatus: 'held', groupEarningBase: 10_500 });
    const [done2] = await db.select().from(lessons).where(eq(lessons.id, rows[1]!.id));
    expect(done2).toMatchObject({ status: 'not_held', factNoShow: 'tutor', groupEarningBase: null });
    // Each of the three spent lesson 1 (the absent one too); lesson 2 is owed to them all.
    for (const s of early) expect(await balance(db, ACCOUNTS.studentBalance(s.id))).toBe(7 * 350_000);
    // 3 seats × 3 500 ₸ × 50 % (Basic) = 5 250 ₸.
    expect(await balance(db, ACCOUNTS.tutorPayable(tutorId))).toBe(525_000);

    // A student joins after the second lesson: 6 lessons left × 3 500 ₸.
    const joiner = await student();
    const afterTwo = new Date(rows[1]!.endsAt.getTime() + 2 * MIN);
    const joined = await pay(joiner, group.id, afterTwo);
    expect(joined).toMatchObject({ lessons: 6, amountTiyn: 2_100_000 });
    const mine = (await studentGroups(db, joiner.id, afterTwo)).groups[0]!;
    expect(mine.upcoming.map((l) => l.id)).toEqual(rows.slice(2).map((l) => l.id));
    expect(mine.upcoming[0]!.room).toContain(`/lesson/${rows[2]!.id}`);
    expect((await tutorGroups(db, tutorId, afterTwo))[0]!.roster.map((r) => r.studentId).sort()).toEqual([...early, joiner].map((s) => s.id).sort());

    // One leaves after lesson 3 (nobody came but the tutor: the students' no-show, spent): lesson 2 (owed) and 5 ahead come back.
    const l3 = rows[2]!;
    await recordAttendance(db, l3.id, 'tutor', 't3', 'join', l3.startsAt);
    await recordAttendance(db, l3.id, 'tutor', 't3', 'leave', l3.endsAt);
    await settleEndedLessons(db, new Date(l3.endsAt.getTime() + MIN));
    // 4 seats now: 4 × 3 500 × 50 % = 7 000 ₸ more.
    expect(await balance(db, ACCOUNTS.tutorPayable(tutorId))).toBe(525_000 + 700_000);
    const leaver = early[2]!;
    // The cabinet shows the refund before the student confirms: the same amount the leave gives back.
    expect((await studentGroups(db, leaver.id, new Date(l3.endsAt.getTime() + 2 * MIN))).groups[0]!.seat.leaveRefundTiyn).toBe(6 * 350_000);
    const left = await leaveGroup(db, leaver, group.id, new Date(l3.endsAt.getTime() + 2 * MIN));
    expect(left.refund).toMatchObject({ amountTiyn: 6 * 350_000, lessons: 6, groupSeatId: left.seat.id });
    await sendRefunds(db, [left.refund!], new Date(l3.endsAt.getTime() + 3 * MIN));
    expect(await balance(db, ACCOUNTS.studentBalance(leaver.id))).toBe(0);

    // The floor: with three seats the base is the minimum's (3 × 3 500); the register counts the base at the plan's share.
    const { lines } = await registerLines(db, '2025-03');
    const line = lines.find((l) => l.tutorId === tutorId)!;
    expect(line).toMatchObject({ lessons: 2, priceSumTiyn: (10_500 + 14_000) * 100, bookedTiyn: 1_225_000, earningTiyn: 1_225_000, plan: 'basic' });
    const statement = await statementLessons(db, tutorId, '2025-03');
    expect(statement.lessons.map((l) => [l.lessonId, l.priceTiyn, l.earningTiyn, l.groupId, l.pool, l.student])).toEqual([
      [l1.id, 1_050_000, 525_000, group.id, false, ''],
      [l3.id, 1_400_000, 700_000, group.id, false, ''],
    ]);
    await ledgerIsZero();
  });

  it('waitlist: a full group\'s waitlist; a freed seat is offered to the first in line for 12 hours, told by SMS; the offer lapses to the next', async () => {
    const group = await openNew({ minSeats: 1, maxSeats: 2 });
    const early = await student();
    await expect(joinWaitlist(db, early, group.id, T0)).rejects.toMatchObject({ code: 'group_has_seats' });
    const [a, b] = [await student(), await student()];
    await pay(a, group.id);
    await pay(b, group.id);
    const [w1, w2] = [await student(), await student()];
    expect((await joinWaitlist(db, w1, group.id, at(MIN))).position).toBe(1);
    expect((await joinWaitlist(db, w2, group.id, at(MIN))).position).toBe(2);
    await expect(holdSeat(db, early, group.id, at(MIN))).rejects.toMatchObject({ code: 'group_full' });

    await leaveGroup(db, a, group.id, at(HOUR));
    const offered = (await seatsOf(group.id)).find((s) => s.studentId === w1.id)!;
    expect(offered).toMatchObject({ status: 'held', offer: true, heldUntil: at(13 * HOUR) });
    // The SMS links to the held seat's checkout (the group's page would say it is full: the offer counts as taken).
    expect((await smsTo(w1.phone)).some((m) => m.body.includes('освободилось место') && m.body.includes(`/checkout?group=${group.id}&hold=1`))).toBe(true);
    expect((await smsTo(w2.phone)).length).toBe(0);
    // The offer holds the place: nobody else takes it.
    await expect(holdSeat(db, early, group.id, at(2 * HOUR))).rejects.toMatchObject({ code: 'group_full' });
    // The offer lapses: the next in line is offered the seat.
    expect(await expireSeatHolds(db, at(13 * HOUR + MIN))).toBeGreaterThanOrEqual(1);
    const [entry1] = await db.select().from(groupWaitlist).where(and(eq(groupWaitlist.groupId, group.id), eq(groupWaitlist.studentId, w1.id)));
    expect(entry1!.status).toBe('expired');
    expect((await seatsOf(group.id)).find((s) => s.studentId === w2.id && s.status === 'held')).toMatchObject({ offer: true });
    // The second one pays through the checkout: the offer is the hold (its own time kept).
    const paid = await pay(w2, group.id, at(14 * HOUR));
    expect(paid.heldUntil).toBe(at(13 * HOUR + MIN + 12 * HOUR).toISOString());
    const [entry2] = await db.select().from(groupWaitlist).where(and(eq(groupWaitlist.groupId, group.id), eq(groupWaitlist.studentId, w2.id)));
    expect(entry2!.status).toBe('taken');
    expect((await seatsOf(group.id)).filter((s) => s.status === 'paid').map((s) => s.studentId).sort()).toEqual([b.id, w2.id].sort());
    await ledgerIsZero();
  });

  it('a group under its minimum two days before its start is cancelled: every student refunded in full (return receipts) and told', async () => {
    const small = await openNew({ minSeats: 3 });
    const full = await openNew({ minSeats: 2 });
    const two = [await student('kk'), await student('en')];
    for (const s of two) {
      await pay(s, small.id);
      await pay(s, full.id);
    }
    // Three days before: nothing yet. 47 hours before: the rule.
    expect((await runGroupPass(db, new Date(FIRST.getTime() - 72 * HOUR))).cancelled).toEqual([]);
    const pass = await runGroupPass(db, new Date(FIRST.getTime() - 47 * HOUR));
    expect(pass.cancelled).toContain(small.id);
    expect(pass.cancelled).not.toContain(full.id);
    const sent = await sendRefunds(db, pass.refunds, new Date(FIRST.getTime() - 47 * HOUR));
    const mine = sent.filter((r) => two.some((s) => s.id === r.studentId));
    expect(mine.map((r) => [r.status, r.amountTiyn])).toEqual([['done', 2_800_000], ['done', 2_800_000]]);
    expect(await db.select().from(fiscalReceipts).where(and(eq(fiscalReceipts.kind, 'sale_return'), inArray(fiscalReceipts.refundId, mine.map((r) => r.id))))).toHaveLength(2);
    expect((await lessonsOf(small.id)).every((l) => l.status === 'cancelled')).toBe(true);
    expect((await seatsOf(small.id)).every((s) => s.status === 'refunded' && s.endReason === 'group_cancelled')).toBe(true);
    // Told in their own language; still in the other group with its money.
    expect((await smsTo(two[0]!.phone)).some((m) => m.body.includes('болдырылмады'))).toBe(true);
    expect((await smsTo(two[1]!.phone)).some((m) => m.body.includes('is cancelled'))).toBe(true);
    for (const s of two) expect(await balance(db, ACCOUNTS.studentBalance(s.id))).toBe(2_800_000);
    expect(await publicGroup(db, small.id, FIRST)).toBeNull();
    await ledgerIsZero();
  });

  it('merge: every student moves to the other group at no extra cost, the difference refunded; one lesson rescheduled for all, another cancelled and given back', async () => {
    const from = await openNew({ pricePerLesson: 4000, minSeats: 3 });
    const into = await openNew({ pricePerLesson: 3500, minSeats: 2 });
    const movers = [await student(), await student()];
    for (const s of movers) await pay(s, from.id);
    const stay = await student();
    await pay(stay, into.id);
    const merged = await mergeGroup(db, staff, from.id, into.id, at(HOUR));
    expect(merged).toMatchObject({ moved: 2, group: { status: 'cancelled', mergedIntoId: into.id } });
    // 8 × 4 000 paid, 8 × 3 500 in the new group: 4 000 ₸ back each.
    expect(merged.refunds.map((r) => r.amountTiyn)).toEqual([400_000, 400_000]);
    await sendRefunds(db, merged.refunds, at(HOUR));
    const seats = (await seatsOf(into.id)).filter((s) => s.status === 'paid');
    expect(seats.map((s) => [s.studentId, s.perLessonTiyn, s.lessons]).sort()).toEqual([...movers.map((s) => [s.id, 350_000, 8]), [stay.id, 350_000, 8]].sort());
    for (const s of movers) {
      expect(await balance(db, ACCOUNTS.studentBalance(s.id))).toBe(2_800_000);
      expect((await smsTo(s.phone)).some((m) => m.body.includes('перенесено в группу'))).toBe(true);
    }
    const staffRow = (await staffGroups(db, {}, at(HOUR))).find((g) => g.id === into.id)!;
    expect(staffRow).toMatchObject({ paid: 3, held: 0, waiting: 0 });
    // The group's page in the back office: its seats with what a cancel gives back now (before the start: all), its lessons changeable.
    const detail = (await staffGroupDetail(db, into.id, at(HOUR)))!;
    expect(detail.seats.map((s) => [s.studentId, s.refundNowTiyn]).sort()).toEqual([...movers, stay].map((s) => [s.id, 8 * 350_000]).sort());
    expect(detail.lessons.filter((l) => l.changeable)).toHaveLength(8);
    expect(await staffGroupDetail(db, 2_000_000_000)).toBeNull();

    const [first, second] = await lessonsOf(into.id);
    const moved = await moveGroupLesson(db, staff, first!.id, new Date('2025-03-11T13:30:00Z'), at(2 * HOUR));
    expect(moved).toMatchObject({ sequence: 1 });
    expect((await smsTo(stay.phone)).some((m) => m.body.includes('перенесён'))).toBe(true);
    const cancelled = await cancelGroupLesson(db, staff, second!.id, 'the tutor is ill', at(2 * HOUR));
    expect(cancelled.refunds.map((r) => r.amountTiyn)).toEqual([350_000, 350_000, 350_000]);
    await sendRefunds(db, cancelled.refunds, at(2 * HOUR));
    for (const s of [...movers, stay]) expect(await balance(db, ACCOUNTS.studentBalance(s.id))).toBe(7 * 350_000);
    await ledgerIsZero();
  });

  it('a closed corporate group: invisible to the public list, to a buyer and to other companies; HR seats employees and sees attendance, never content', async () => {
    const [acme, other] = await db.insert(companies).values([{ slug: 'acme-g', name: 'Acme', bin: '990140000385' }, { slug: 'other-g', name: 'Other' }]).returning();
    const group = await openNew({ companyId: acme!.id, subject: 'kazakh', minSeats: 1 });
    expect(await publicGroups(db, {}, T0)).not.toContainEqual(expect.objectContaining({ id: group.id }));
    expect(await publicGroup(db, group.id, T0)).toBeNull();
    await expect(holdSeat(db, await student(), group.id, T0)).rejects.toMatchObject({ code: 'not_found' });
    await expect(joinWaitlist(db, await student(), group.id, T0)).rejects.toMatchObject({ code: 'not_found' });
    const employee = await student();
    const [row] = await db
      .insert(companyEmployees)
      .values({ companyId: acme!.id, lastName: 'Сейтова', firstName: 'Айгүл', iinHash: `h${employee.id}`, iinLast4: '0017', iinSealed: 'x', positionCode: '1', phone: employee.phone })
      .returning();
    const hr: Actor = { kind: 'company', id: null, label: 'hr@acme.kz', ipHash: 'test' };
    await expect(enrolEmployee(db, hr, other!.id, group.id, row!.id, T0)).rejects.toMatchObject({ code: 'not_found' });
    // The company's invoice pays the seat (lib/groups/corporate.db.test.ts has the money in full): one seat, paid.
    const member = { companyId: acme!.id, userId: (await hrUser(db, { companyId: acme!.id, email: 'hr@acme-g.kz', phone: phone() })).id, locale: 'ru' };
    const invoice = await groupInvoice(db, hr, member, group.id, 1, T0);
    await markInvoicePaid(db, staff, invoice.id, { paidOn: '2025-03-03', paymentOrder: '1' }, T0);
    const seat = await enrolEmployee(db, hr, acme!.id, group.id, row!.id, T0);
    expect(seat).toMatchObject({ status: 'paid', orderId: null, studentId: employee.id, companyEmployeeId: row!.id });
    expect((await companyGroups(db, acme!.id, T0)).map((g) => g.id)).toContain(group.id);
    expect((await companyGroups(db, other!.id, T0)).map((g) => g.id)).not.toContain(group.id);
    await expect(companyGroupAttendance(db, other!.id, group.id)).rejects.toMatchObject({ code: 'not_found' });
    const [l1] = await lessonsOf(group.id);
    await recordAttendance(db, l1!.id, 'tutor', 't', 'join', l1!.startsAt);
    await recordAttendance(db, l1!.id, 'student', 'e', 'join', new Date(l1!.startsAt.getTime() + 5 * MIN), employee.id);
    await recordAttendance(db, l1!.id, 'student', 'e', 'leave', new Date(l1!.startsAt.getTime() + 45 * MIN), employee.id);
    await recordAttendance(db, l1!.id, 'tutor', 't', 'leave', l1!.endsAt);
    await settleEndedLessons(db, new Date(l1!.endsAt.getTime() + MIN));
    const [seen] = await companyGroupAttendance(db, acme!.id, group.id);
    expect(seen).toMatchObject({ employeeId: row!.id, lastName: 'Сейтова', lessons: 1, attended: 1, minutes: 40 });
    expect(Object.keys(seen!.byLesson[0]!).sort()).toEqual(['lessonId', 'minutes', 'present', 'startsAt']);
    // Nobody paid by card: no student money moved; the seat spent its lesson from the company's invoice.
    expect(await balance(db, ACCOUNTS.studentBalance(employee.id))).toBe(0);
    expect(await balance(db, ACCOUNTS.groupSeat(seat.id))).toBe(7 * 350_000);
    await ledgerIsZero();
  });

  it('the reminders of a group lesson go to its tutor and every seated student', async () => {
    const tutorId = await tutor();
    const group = await openNew({ minSeats: 1 }, tutorId);
    const seated = [await student(), await student('en')];
    for (const s of seated) await pay(s, group.id);
    const { remindLessons } = await import('@/lib/lessons/reminders');
    await remindLessons(db, new Date(FIRST.getTime() - 30 * MIN));
    expect((await smsTo(seated[0]!.phone)).some((m) => m.body.includes('через час'))).toBe(true);
    expect((await smsTo(seated[1]!.phone)).some((m) => m.body.includes('starts in an hour'))).toBe(true);
    const [first] = await lessonsOf(group.id);
    expect(first!.remindedHourAt).not.toBeNull();
  });

  it('a group lesson is the school\'s to cancel or reschedule, never one side\'s; the tutor\'s calendar keeps its time', async () => {
    const tutorId = await tutor();
    const group = await openNew({}, tutorId);
    const [l1] = await lessonsOf(group.id);
    const { cancelLesson } = await import('@/lib/lessons/booking');
    await expect(cancelLesson(db, { id: tutorId, scope: 'tutor', role: 'tutor' }, l1!.id, T0)).rejects.toMatchObject({ code: 'group_lesson' });
    const { busyTimes } = await import('@/lib/lessons/availability');
    const busy = (await busyTimes(db, [tutorId], T0, new Date(T0.getTime() + 10 * 24 * HOUR), T0)).get(tutorId) ?? [];
    expect(busy).toContainEqual({ start: FIRST.getTime(), end: FIRST.getTime() + HOUR });
    // The ledger never held a group's money outside its seats' orders.
    const stray = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(and(like(ledgerEntries.account, 'student_balance:%'), sql`${ledgerEntries.orderId} is null`));
    expect(stray[0]!.n).toBe(0);
  });
  it('the cabinet\'s lists name a group lesson: the tutor sees the group and its students, never "Student: —"; a student\'s lessons include their group\'s, with the room, their own no-show and no rating', async () => {
    const { listLessons, tutorWeek } = await import('@/lib/lessons/booking');
    const tutorId = await tutor();
    const group = await openNew({ minSeats: 1, maxSeats: 6 }, tutorId);
    const rows = await lessonsOf(group.id);
    const [a, b, holder, stranger] = [await student(), await student(), await student(), await student()];
    for (const s of [a, b]) await pay(s, group.id);
    await holdSeat(db, holder, group.id, T0);
    // What the public group pages ask: the live seats (a hold until it lapses).
    expect(await studentSeats(db, a.id, T0)).toEqual([{ groupId: group.id, status: 'paid' }]);
    expect(await studentSeats(db, holder.id, T0)).toEqual([{ groupId: group.id, status: 'held' }]);
    expect(await studentSeats(db, holder.id, at(21 * MIN))).toEqual([]);
    expect(await studentSeats(db, stranger.id, T0)).toEqual([]);
    const asTutor = { id: tutorId, scope: 'tutor tutor:bookable', role: 'tutor' as const };
    const as = (s: { id: number }) => ({ id: s.id, scope: 'student', role: 'student' as const });
    const ofGroup = <L extends { groupId: number | null }>(list: L[]) => list.filter((l) => l.groupId === group.id);

    const tutorList = await listLessons(db, asTutor, T0);
    expect(ofGroup(tutorList.upcoming)).toHaveLength(8);
    for (const l of ofGroup(tutorList.upcoming)) {
      expect(l).toMatchObject({ kind: 'group', with: '', group: { id: group.id, subject: 'english', level: 'A2', students: 2 }, cancellable: false, stands: false });
    }
    // The week of the first lesson: Monday the 10th and Wednesday the 12th, each naming the group.
    const week = await tutorWeek(db, tutorId, '2025-03-10');
    expect(week.days.flatMap((d) => d.lessons).map((l) => [l.id, l.group])).toEqual(rows.slice(0, 2).map((l) => [l.id, { id: group.id, subject: 'english', level: 'A2', students: 2 }]));

    // A paid seat's lessons are the student's upcoming lessons, with the room; a held seat's and a stranger's, none.
    const mine = await listLessons(db, as(a), T0, 'kk');
    expect(mine.upcoming.map((l) => l.id)).toEqual(rows.map((l) => l.id));
    expect(mine.upcoming[0]).toMatchObject({ kind: 'group', withRole: 'tutor', with: 'Дина Ахметова', group: { id: group.id, students: 2 }, cancellable: false, stands: false, rateable: false });
    expect(mine.upcoming[0]!.links?.room).toContain(`/kk/lesson/${rows[0]!.id}`);
    expect((await listLessons(db, as(holder), T0)).upcoming).toEqual([]);
    expect((await listLessons(db, as(stranger), T0)).upcoming).toEqual([]);

    // The first lesson held with a, without b: b's own no-show, a's none; neither is asked to rate it.
    const l1 = rows[0]!;
    await recordAttendance(db, l1.id, 'tutor', 't1', 'join', l1.startsAt);
    await recordAttendance(db, l1.id, 'tutor', 't1', 'leave', l1.endsAt);
    await recordAttendance(db, l1.id, 'student', `s${a.id}`, 'join', l1.startsAt, a.id);
    await recordAttendance(db, l1.id, 'student', `s${a.id}`, 'leave', l1.endsAt, a.id);
    const after = new Date(l1.endsAt.getTime() + 2 * MIN);
    await settleEndedLessons(db, after);
    const pastOf = async (s: { id: number }) => (await listLessons(db, as(s), after)).past.find((l) => l.id === l1.id);
    expect(await pastOf(a)).toMatchObject({ status: 'held', noShow: null, rateable: false, record: `/lesson/${l1.id}/record` });
    expect(await pastOf(b)).toMatchObject({ status: 'held', noShow: 'student', rateable: false });

    // b leaves: the lessons ahead are no longer b's, the one b sat in still is; the tutor's count follows.
    await leaveGroup(db, b, group.id, after);
    const left = await listLessons(db, as(b), after);
    expect(left.upcoming).toEqual([]);
    expect(left.past.map((l) => l.id)).toEqual([l1.id]);
    const counts = ofGroup([...(await listLessons(db, asTutor, after)).past, ...(await listLessons(db, asTutor, after)).upcoming]).map((l) => [l.id, l.group?.students]);
    expect(counts).toEqual([[l1.id, 2], ...rows.slice(1).map((l) => [l.id, 1])]);
  });
});
