import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { ledgerEntries, lessonPackages, lessons, paymentOrders, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { markHeldIfTogether, recordAttendance, settleEndedLessons } from '@/lib/lessons/attendance';
import { freeSlotsOfTutor } from '@/lib/lessons/availability';
import { cancelLesson, rescheduleLesson } from '@/lib/lessons/booking';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { bookTutorEarning, PAID_CANCEL_DEADLINE_MINUTES, tutorMonth } from '@/lib/lessons/money';
import { bookFromPackage } from '@/lib/lessons/paid';
import { quotePackage } from '@/lib/money/model';
import { creditPaid } from '@/lib/payments/settle';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { purchasableTutor } from '@/test/payments';
import { call } from '@/test/staff';
import { GET as earnings } from '../cabinet/earnings/route';

const H = 3_600_000;
const MIN = 60_000;
let n = 0;
const phone = () => `+7702${String(30_000_000 + ++n).slice(1)}`;

/**
 * A paid lesson's money after it was booked (issue 24, "Never lose or double money";
 * docs/payments.md, "A paid lesson's money"): given back or earned by the published rules, once.
 */
describe(`a paid lesson's money: cancels, attendance and the tutor's month (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let tutorId: number;
  let slots: Date[] = [];
  const TUTOR_PRICE = 6000;
  // Basic plan, no promo: 6 000 ₸ a lesson; the tutor earns 50 % of their price (3 000 ₸).
  const PER_LESSON = quotePackage(TUTOR_PRICE, 'basic').perLessonTiyn;
  const EARNING = 300_000;

  beforeAll(async () => {
    tutorId = await purchasableTutor(t.db, { phone: phone(), price: TUTOR_PRICE });
    // Hourly starts: a 50-minute lesson never overlaps the next one.
    slots = (await freeSlotsOfTutor(t.db, tutorId)).filter((d) => d.getUTCMinutes() === 0);
  });
  const nextSlot = () => slots.shift()!;

  /** A student with a paid Basic package (the order credited as the provider's word would). */
  async function buyer() {
    const id = await insertTestUser(t.db, { phone: phone() });
    const q = quotePackage(TUTOR_PRICE, 'basic');
    const [order] = await t.db
      .insert(paymentOrders)
      .values({ studentId: id, tutorId, subject: 'english', plan: 'basic', lessons: q.lessons, tutorPrice: TUTOR_PRICE, perLessonTiyn: q.perLessonTiyn, amountTiyn: q.totalTiyn, provider: 'epay', invoiceId: String(700_000_000 + id), secretHash: 'x' })
      .returning();
    await t.db.transaction((tx) => creditPaid(tx as unknown as Db, order!, { providerPaymentId: `test-tx-${order!.invoiceId}`, amountTiyn: order!.amountTiyn }));
    const [pkg] = await t.db.select().from(lessonPackages).where(eq(lessonPackages.orderId, order!.id));
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    return { user: user!, pkg: pkg! };
  }
  async function book(b: Awaited<ReturnType<typeof buyer>>, startsAt = nextSlot()) {
    const { lesson } = await bookFromPackage(t.db, b.user, { packageId: b.pkg.id, startsAt, idempotencyKey: `money-${b.user.id}-${startsAt.getTime()}` });
    return lesson;
  }
  const left = (b: Awaited<ReturnType<typeof buyer>>) => balance(t.db, ACCOUNTS.studentBalance(b.user.id), b.pkg.id);
  const tutorRow = async () => (await t.db.select().from(users).where(eq(users.id, tutorId)))[0]!;
  const kindsOf = async (lessonId: number) =>
    (await t.db.select({ kind: ledgerEntries.kind, n: sql<string>`count(distinct ${ledgerEntries.txnId})` }).from(ledgerEntries).where(eq(ledgerEntries.lessonId, lessonId)).groupBy(ledgerEntries.kind)).reduce<Record<string, number>>((o, r) => ({ ...o, [r.kind]: Number(r.n) }), {});
  /** Both sides in the room from the start to the end (or only `sides`). */
  async function attend(lesson: typeof lessons.$inferSelect, sides: ('student' | 'tutor')[] = ['student', 'tutor']) {
    for (const side of sides) {
      await recordAttendance(t.db, lesson.id, side, `${side}-${lesson.id}`, 'join', lesson.startsAt);
      await recordAttendance(t.db, lesson.id, side, `${side}-${lesson.id}`, 'leave', lesson.endsAt);
    }
  }

  it('the student cancels up to 8 hours before: the lesson comes back, once (a second cancel is refused and gives nothing)', async () => {
    const b = await buyer();
    const full = await left(b);
    const lesson = await book(b);
    expect(await left(b)).toBe(full - PER_LESSON);
    const inTime = new Date(lesson.startsAt.getTime() - PAID_CANCEL_DEADLINE_MINUTES * MIN);
    expect(await cancelLesson(t.db, b.user, lesson.id, inTime)).toMatchObject({ status: 'cancelled', cancelledBy: 'student' });
    await expect(cancelLesson(t.db, b.user, lesson.id, inTime)).rejects.toMatchObject({ status: 409, code: 'lesson_state' });
    expect(await left(b)).toBe(full);
    expect(await kindsOf(lesson.id)).toEqual({ lesson_spent: 1, lesson_returned: 1 });
    // Given back only once even when the money step runs again (another instance, a retry).
    await t.db.transaction((tx) => bookTutorEarning(tx as unknown as Db, lesson.id));
    expect(await kindsOf(lesson.id)).toEqual({ lesson_spent: 1, lesson_returned: 1 });
  });

  it('the student cancels later than 8 hours before: the lesson is spent and counts as taught (the tutor earns); after the start no cancel', async () => {
    const b = await buyer();
    const full = await left(b);
    const lesson = await book(b);
    const payable = await balance(t.db, ACCOUNTS.tutorPayable(tutorId));
    await expect(cancelLesson(t.db, b.user, lesson.id, new Date(lesson.startsAt.getTime() + MIN))).rejects.toMatchObject({ status: 409, code: 'cancel_too_late' });
    const late = new Date(lesson.startsAt.getTime() - PAID_CANCEL_DEADLINE_MINUTES * MIN + MIN);
    await cancelLesson(t.db, b.user, lesson.id, late);
    expect(await left(b)).toBe(full - PER_LESSON);
    expect(await kindsOf(lesson.id)).toEqual({ lesson_spent: 1, tutor_earning: 1 });
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutorId))).toBe(payable + EARNING);
    // Too late to move it as well.
    await expect(rescheduleLesson(t.db, b.user, lesson.id, nextSlot(), late)).rejects.toMatchObject({ status: 409 });
  });

  it('a cancel by the tutor gives the lesson back, even an hour before the start; nothing for the tutor', async () => {
    const b = await buyer();
    const full = await left(b);
    const lesson = await book(b);
    const payable = await balance(t.db, ACCOUNTS.tutorPayable(tutorId));
    await cancelLesson(t.db, await tutorRow(), lesson.id, new Date(lesson.startsAt.getTime() - H));
    expect(await left(b)).toBe(full);
    expect(await kindsOf(lesson.id)).toEqual({ lesson_spent: 1, lesson_returned: 1 });
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutorId))).toBe(payable);
  });

  it('moved in time, a paid lesson keeps its one lesson and its 50 minutes', async () => {
    const b = await buyer();
    const full = await left(b);
    const lesson = await book(b);
    // A free slot past the tutor's 12 hours' notice counted from the move.
    const to = slots.splice(6, 1)[0]!;
    const moved = await rescheduleLesson(t.db, b.user, lesson.id, to, new Date(lesson.startsAt.getTime() - 9 * H));
    expect(moved.endsAt.getTime() - moved.startsAt.getTime()).toBe(50 * MIN);
    expect(await left(b)).toBe(full - PER_LESSON);
    expect(await kindsOf(lesson.id)).toEqual({ lesson_spent: 1 });
  });

  it('held by the room\'s log: the tutor\'s earning is booked once, with settle and the heartbeat check running in parallel', async () => {
    const b = await buyer();
    const lesson = await book(b);
    await attend(lesson);
    const payable = await balance(t.db, ACCOUNTS.tutorPayable(tutorId));
    const after = new Date(lesson.endsAt.getTime() + MIN);
    await Promise.all([
      ...Array.from({ length: 5 }, () => settleEndedLessons(t.db, after)),
      ...Array.from({ length: 5 }, () => markHeldIfTogether(t.db, lesson.id, after)),
      // The money step itself, racing in its own transactions (two instances' jobs at once).
      ...Array.from({ length: 5 }, () => t.db.transaction((tx) => bookTutorEarning(tx as unknown as Db, lesson.id))),
    ]);
    expect(await kindsOf(lesson.id)).toEqual({ lesson_spent: 1, tutor_earning: 1 });
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutorId))).toBe(payable + EARNING);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, lesson.id)))[0]).toMatchObject({ status: 'held', factStatus: 'held' });
    // A later pass finds nothing left to do.
    await settleEndedLessons(t.db, new Date(after.getTime() + H));
    expect(await kindsOf(lesson.id)).toEqual({ lesson_spent: 1, tutor_earning: 1 });
  });

  it('the tutor\'s no-show gives the lesson back and books nothing for the tutor; the student\'s no-show spends it and the tutor earns', async () => {
    const b = await buyer();
    const full = await left(b);
    const tutorAbsent = await book(b);
    const studentAbsent = await book(b);
    await attend(tutorAbsent, ['student']);
    await attend(studentAbsent, ['tutor']);
    const payable = await balance(t.db, ACCOUNTS.tutorPayable(tutorId));
    await Promise.all([settleEndedLessons(t.db, new Date(studentAbsent.endsAt.getTime() + MIN)), settleEndedLessons(t.db, new Date(studentAbsent.endsAt.getTime() + MIN))]);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, tutorAbsent.id)))[0]).toMatchObject({ factStatus: 'not_held', factNoShow: 'tutor' });
    expect((await t.db.select().from(lessons).where(eq(lessons.id, studentAbsent.id)))[0]).toMatchObject({ factStatus: 'not_held', factNoShow: 'student' });
    expect(await kindsOf(tutorAbsent.id)).toEqual({ lesson_spent: 1, lesson_returned: 1 });
    expect(await kindsOf(studentAbsent.id)).toEqual({ lesson_spent: 1, tutor_earning: 1 });
    expect(await left(b)).toBe(full - PER_LESSON);
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutorId))).toBe(payable + EARNING);
  });

  it('the tutor\'s cabinet: this month\'s lessons that count and the earning so far, from the ledger; the ledger still sums to zero', async () => {
    const lone = await purchasableTutor(t.db, { phone: phone(), price: TUTOR_PRICE });
    const earned = await t.db
      .select({ startsAt: lessons.startsAt })
      .from(ledgerEntries)
      .innerJoin(lessons, eq(lessons.id, ledgerEntries.lessonId))
      .where(and(eq(ledgerEntries.account, ACCOUNTS.tutorPayable(tutorId)), eq(ledgerEntries.kind, 'tutor_earning')));
    expect(earned.length).toBe(3);
    const at = earned[0]!.startsAt;
    const month = await tutorMonth(t.db, tutorId, at);
    const sameMonth = earned.filter((e) => month.month === new Date(e.startsAt.getTime() + 5 * H).toISOString().slice(0, 7));
    expect(month).toMatchObject({ lessons: sameMonth.length, earningTiyn: sameMonth.length * EARNING });
    expect(await tutorMonth(t.db, lone, at)).toMatchObject({ lessons: 0, earningTiyn: 0 });
    // The route answers the current month (a tutor only).
    const { accessToken } = await openSession(t.db, { id: tutorId, scope: 'tutor tutor:bookable' });
    const res = await call(earnings, new NextRequest('http://localhost/api/cabinet/earnings', { headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': '10.25.0.1' } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ earningTiyn: EARNING, month: await tutorMonth(t.db, tutorId) });
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
