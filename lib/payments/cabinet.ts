import 'server-only';
// The student's money in the cabinet: packages with the lessons left and their validity, and the
// payments. Lessons left come from the ledger (the package's balance ÷ its price per lesson).
import { and, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { ledgerEntries, lessonPackages, paymentOrders, tutorProfiles, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { shortName } from '@/lib/mask';
import { ApiError } from '@/lib/api/errors';
import { addMonths } from '@/lib/time/calendar';
import type { PlanId } from '@/lib/tariffs';
import { ACCOUNTS, balanceOf } from '@/lib/money/ledger';
import { tutorMonth, type TutorMonth } from '@/lib/lessons/money';
import { orderView, type OrderView } from './checkout';
import { receiptsOfOrders, type ReceiptView } from './receipts';
import { TUTOR_FEE_PERCENT, tutorEarningTiyn, tutorPlanByLoad } from '@/lib/money/model';
import { schoolMonth, statementLessons, tutorStatements, type Statement, type StatementLesson } from './payouts';

export interface PackageView {
  id: number;
  tutorId: number;
  tutorName: string;
  subject: string;
  plan: PlanId;
  lessonsTotal: number;
  lessonsLeft: number;
  perLessonTiyn: number;
  validUntil: string;
  expired: boolean;
  /** Booked lessons of the package still ahead (a refund cancels those the cancel rule gives back). */
  bookedAhead: number;
}

/** A payment in the student's cabinet: the order as the return page sees it, with its tutor's name and receipts. */
export interface PaymentView extends Omit<OrderView, 'tutorId'> {
  /** Null for hours of chat help (plan `chat`): no one tutor. */
  tutorName: string | null;
  /** The fiscal receipts of the payment and of its refunds (a link once the register issued it). */
  receipts: ReceiptView[];
}

// The tutor as the student sees them: "Aruzhan S." (lib/mask.ts shortName).
const tutor = { tutorFirst: users.name, tutorLast: users.lastname };

export async function studentMoney(db: Db, studentId: number, now = new Date()): Promise<{ packages: PackageView[]; payments: PaymentView[] }> {
  const account = ACCOUNTS.studentBalance(studentId);
  const balance = balanceOf(account, eq(ledgerEntries.packageId, lessonPackages.id));
  const ahead = sql<number>`(select count(*)::int from lessons l where l.package_id = ${lessonPackages.id} and l.kind = 'paid' and l.status = 'booked' and l.starts_at > ${now.toISOString()}::timestamptz)`;
  const packages = await db
    .select({ p: lessonPackages, ...tutor, balance, ahead })
    .from(lessonPackages)
    .innerJoin(users, eq(users.id, lessonPackages.tutorId))
    .where(eq(lessonPackages.studentId, studentId))
    .orderBy(desc(lessonPackages.createdAt))
    .limit(100);
  const payments = await db
    .select({ o: paymentOrders, ...tutor })
    .from(paymentOrders)
    .leftJoin(users, eq(users.id, paymentOrders.tutorId))
    // A pending order shows for a day; the student's own only (the `or` inside the `and`, never beside it).
    .where(and(eq(paymentOrders.studentId, studentId), or(ne(paymentOrders.status, 'pending'), gt(paymentOrders.createdAt, new Date(now.getTime() - 86_400_000)))))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(100);
  const receipts = await receiptsOfOrders(db, payments.map(({ o }) => o.id));
  return {
    packages: packages.map(({ p, tutorFirst, tutorLast, balance: b, ahead: n }) => ({
      id: p.id,
      tutorId: p.tutorId,
      tutorName: shortName(tutorFirst, tutorLast),
      subject: p.subject,
      plan: p.plan,
      lessonsTotal: p.lessonsTotal,
      lessonsLeft: Math.floor(Number(b) / p.perLessonTiyn),
      perLessonTiyn: p.perLessonTiyn,
      validUntil: p.validUntil.toISOString(),
      expired: p.validUntil.getTime() < now.getTime(),
      bookedAhead: Number(n),
    })),
    payments: payments.map(({ o, tutorFirst, tutorLast }) => {
      // The cabinet's payment names its tutor: the order's tutor id stays out of the answer.
      const { tutorId: _tutorId, ...order } = orderView(o);
      void _tutorId;
      return { ...order, tutorName: o.tutorId === null ? null : shortName(tutorFirst, tutorLast), receipts: receipts.get(o.id) ?? [] };
    }),
  };
}

export interface TutorEarningsView {
  plan: PlanId;
  feePercent: number;
  /** The tutor's price per lesson (the published profile's, else the draft's), in tenge; null before one is set. */
  price: number | null;
  earningTiyn: number | null;
  /** The current school month so far, from the ledger: lessons that count as taught and the earning. */
  month: TutorMonth;
  /** Each month's statement (the last 12 with paid lessons), newest first: ready by the 5th, paid by the 10th. */
  statements: Statement[];
}

/**
 * What a tutor earns per held lesson before the first one (issue 24): their plan's platform fee and
 * their price less it. The plan is the one the current month's load earns so far (the payout register decides it
 * by the month's load (docs/payments.md). With them, the current month so far (lessons and earning).
 */
export async function tutorEarnings(db: Db, tutorId: number, now = new Date()): Promise<TutorEarningsView> {
  const [row] = await db.select({ published: tutorProfiles.published, draft: tutorProfiles.draft }).from(tutorProfiles).where(eq(tutorProfiles.userId, tutorId)).limit(1);
  const price = row?.published?.price ?? row?.draft.price ?? null;
  const [month, statements] = await Promise.all([tutorMonth(db, tutorId, now), tutorStatements(db, tutorId, now)]);
  // The plan the current month's load earns so far (Basic until the 21st lesson).
  const plan: PlanId = tutorPlanByLoad(month.lessons);
  return { plan, feePercent: TUTOR_FEE_PERCENT[plan], price, earningTiyn: price === null ? null : tutorEarningTiyn(price, plan), month, statements };
}

/**
 * One month of the tutor's statements, lesson by lesson: a month of the last 12 (the statements'
 * window), else 422 `validation_failed`.
 */
export async function tutorStatementLessons(db: Db, tutorId: number, month: string, now = new Date()): Promise<{ month: string; plan: PlanId; feePercent: number; lessons: StatementLesson[] }> {
  const current = schoolMonth(now);
  const oldest = addMonths(`${current}-01`, -11).slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month > current || month < oldest) throw new ApiError(422, 'validation_failed', { month: 'invalid_value' });
  return statementLessons(db, tutorId, month);
}
