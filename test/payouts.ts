// Vitest and bench helper: a month of taught paid lessons written straight to the tables (users,
// orders, packages, lessons, balanced ledger transactions), as the booking and settlement would
// have left them: each lesson spent from its package and earned by the tutor at Basic. Multi-row
// inserts, so 1 000 tutors × 20 lessons take seconds, not the booking flow's minutes.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ledgerEntries, lessonPackages, lessons, paymentOrders, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ACCOUNTS } from '@/lib/money/ledger';
import { tutorEarningTiyn } from '@/lib/money/model';
import { monthBounds } from '@/lib/payments/payouts';

type LedgerRow = typeof ledgerEntries.$inferInsert;

export interface TaughtTutor {
  /** Each lesson's tutor price (tenge) at its purchase: one order per distinct price. */
  prices: number[];
}

/** Distinct phones across calls in one database: a random start, then one by one. */
let seq = Math.floor(Math.random() * 4_000_000);
const phone = (prefix: string) => `${prefix}${String(1_000_000 + (++seq % 8_999_999))}`;

async function chunks<T>(rows: T[], size: number, write: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * Seeds `month` (YYYY-MM): for each tutor a new tutor account, and a student who bought a package
 * per distinct price; each lesson starts on the hour from the month's first day (Almaty), is
 * spent and earned. Returns the tutors' ids in order and the student's.
 */
export async function seedTaughtMonth(db: Db, month: string, tutors: TaughtTutor[], opts: { studentUtm?: Record<string, string> } = {}): Promise<{ tutorIds: number[]; studentId: number }> {
  const { from } = monthBounds(month);
  const [student] = await db.insert(users).values({ role: 'student', name: 'Асель', lastname: 'Оқушы', phone: phone('+7707'), passwordHash: 'x', utmFirst: opts.studentUtm ?? {} }).returning({ id: users.id });
  const studentId = student!.id;
  const tutorIds: number[] = [];
  await chunks(tutors, 1000, async (part) => {
    const rows = await db
      .insert(users)
      .values(part.map((_, i) => ({ role: 'tutor' as const, name: `Репетитор ${tutorIds.length + i + 1}`, lastname: 'Тест', phone: phone('+7708'), passwordHash: 'x' })))
      .returning({ id: users.id });
    tutorIds.push(...rows.map((r) => r.id));
  });
  // One order and package per (tutor, price).
  const groups: { tutorId: number; price: number; n: number }[] = [];
  tutors.forEach((t, i) => {
    const byPrice = new Map<number, number>();
    for (const p of t.prices) byPrice.set(p, (byPrice.get(p) ?? 0) + 1);
    for (const [price, n] of byPrice) groups.push({ tutorId: tutorIds[i]!, price, n });
  });
  const orders: { id: number; packageId: number; tutorId: number; price: number; n: number }[] = [];
  await chunks(groups, 500, async (part) => {
    const made = await db
      .insert(paymentOrders)
      .values(part.map((g) => ({ studentId, tutorId: g.tutorId, subject: 'english', plan: 'basic' as const, lessons: g.n, tutorPrice: g.price, perLessonTiyn: g.price * 100, amountTiyn: g.price * 100 * g.n, provider: 'epay' as const, invoiceId: String(100_000_000 + Math.floor(Math.random() * 899_999_999)), secretHash: 'x', status: 'paid' as const, paidAt: from })))
      .returning({ id: paymentOrders.id });
    const pkgs = await db
      .insert(lessonPackages)
      .values(part.map((g, i) => ({ orderId: made[i]!.id, studentId, tutorId: g.tutorId, subject: 'english', plan: 'basic' as const, lessonsTotal: g.n, perLessonTiyn: g.price * 100, validUntil: new Date(from.getTime() + 90 * 86_400_000) })))
      .returning({ id: lessonPackages.id });
    part.forEach((g, i) => orders.push({ id: made[i]!.id, packageId: pkgs[i]!.id, ...g }));
  });
  // Lessons: each tutor's on consecutive hours from the month's start (one student, different tutors: no overlap per tutor).
  const perTutorHour = new Map<number, number>();
  const lessonRows = orders.flatMap((o) =>
    Array.from({ length: o.n }, () => {
      const h = perTutorHour.get(o.tutorId) ?? 0;
      perTutorHour.set(o.tutorId, h + 1);
      const startsAt = new Date(from.getTime() + (h + 1) * 3_600_000);
      return { order: o, values: { tutorId: o.tutorId, studentId, kind: 'paid' as const, packageId: o.packageId, subject: 'english', status: 'held' as const, startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000), factStatus: 'held' as const } };
    }),
  );
  const ledger: LedgerRow[] = [];
  for (const o of orders) {
    const txnId = randomUUID();
    const total = o.price * 100 * o.n;
    ledger.push({ txnId, account: ACCOUNTS.providerClearing, amountTiyn: -total, kind: 'payment', orderId: o.id, packageId: o.packageId }, { txnId, account: ACCOUNTS.studentBalance(studentId), amountTiyn: total, kind: 'payment', orderId: o.id, packageId: o.packageId });
  }
  await chunks(lessonRows, 1000, async (part) => {
    const ids = await db.insert(lessons).values(part.map((p) => p.values)).returning({ id: lessons.id });
    part.forEach((p, i) => {
      const lessonId = ids[i]!.id;
      const per = p.order.price * 100;
      const earn = tutorEarningTiyn(p.order.price, 'basic');
      const refs = { orderId: p.order.id, packageId: p.order.packageId, lessonId };
      const spent = randomUUID();
      const earned = randomUUID();
      ledger.push(
        { txnId: spent, account: ACCOUNTS.studentBalance(studentId), amountTiyn: -per, kind: 'lesson_spent', ...refs },
        { txnId: spent, account: ACCOUNTS.schoolRevenue, amountTiyn: per, kind: 'lesson_spent', ...refs },
        { txnId: earned, account: ACCOUNTS.schoolRevenue, amountTiyn: -earn, kind: 'tutor_earning', ...refs },
        { txnId: earned, account: ACCOUNTS.tutorPayable(p.order.tutorId), amountTiyn: earn, kind: 'tutor_earning', ...refs },
      );
    });
  });
  await db.transaction(async (tx) => {
    await chunks(ledger, 2000, (part) => tx.insert(ledgerEntries).values(part));
  });
  await db.execute(sql`analyze ledger_entries`);
  return { tutorIds, studentId };
}
