import 'server-only';
// The monthly payout register (docs/payments.md, "Payouts"): per tutor, the paid lessons of a
// school month that count as taught (each already earned at Basic in the ledger), the plan their
// load earns (up to 20 / up to 60 / 100+ → fee 50 / 45 / 40 %), the fee and the earning. Finance
// approves a finished month (its lines are frozen), exports the bank file, and marks it paid: the
// plan adjustments and the payouts go to the ledger once, in the transaction that moves the
// register from approved to paid.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { dbErrorInfo } from '@/lib/db/errors';
import { ledgerEntries, lessons, paymentOrders, payoutLines, payoutRegisters, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { addMonths } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import type { PlanId } from '@/lib/tariffs';
import { ACCOUNTS, post, type Leg } from '@/lib/money/ledger';
import { monthEarningTiyn, TUTOR_FEE_PERCENT, tutorPlanByLoad } from '@/lib/money/model';
import { remindFinanceOfPayouts, tellPayoutsSent, tellStatementsReady } from './notices';
import { schoolMonthSql } from '@/lib/time/school-sql';

/** The statement of a month is ready by this day of the next month, and paid by the next. */
export const STATEMENT_DAY = 5;
export const PAYOUT_DAY = 10;

export type Register = typeof payoutRegisters.$inferSelect;

export interface PayoutLine {
  tutorId: number;
  name: string;
  email: string | null;
  phone: string;
  lessons: number;
  plan: PlanId;
  feePercent: number;
  priceSumTiyn: number;
  /** Already moved to the tutor in the ledger (each lesson at Basic; chat help's replies at their rate). */
  bookedTiyn: number;
  /** The lessons' earning at the month's plan, and chat help's. */
  earningTiyn: number;
  /** Of the earning, chat help's (docs/chat-help.md: 25 ₸ a block, booked at each reply; no plan's fee). */
  chatTiyn: number;
}

export interface RegisterView {
  month: string;
  /** `draft`: computed from the ledger, not approved yet; a finished month only can be approved. */
  status: 'open' | 'draft' | 'approved' | 'paid';
  register: Register | null;
  lines: PayoutLine[];
  total: { tutors: number; lessons: number; earningTiyn: number; feeTiyn: number };
  /** The page shown (lines are sorted by name). */
  page: number;
  pageSize: number;
}

/** The current school month, YYYY-MM (Almaty). */
export const schoolMonth = (now = new Date()) => schoolDate(now).slice(0, 7);
/** The month before the current one: the one a register pays by the 10th. */
export const previousMonth = (now = new Date()) => addMonths(`${schoolMonth(now)}-01`, -1).slice(0, 7);

/**
 * The month the payout register opens on: the last month while its register is still to be
 * approved (it has lessons and no register yet: finance's task until the 5th), else the current
 * month so far (the walk: it always opened on the last month, empty after its payout).
 */
export async function defaultPayoutMonth(db: Db, now = new Date()): Promise<string> {
  const last = previousMonth(now);
  if (await findRegister(db, last)) return schoolMonth(now);
  return (await computeLines(db, last)).length > 0 ? last : schoolMonth(now);
}

/** The month's bounds as instants: from its first day 00:00 Almaty to the next month's. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const first = `${month}-01`;
  return { from: schoolInstant(first, 0), to: schoolInstant(addMonths(first, 1), 0) };
}

/** The register of the lesson's own month (approved or not yet): the join that places an earning. */
const lessonRegister = alias(payoutRegisters, 'lesson_register');
/**
 * The price a taught lesson counts at (tenge): its order's tutor price for a package lesson, the one
 * kept at the pool spend for a company's, and a group lesson's earning base (what its seats paid, at
 * least its minimum of seats: lib/money/model.ts groupEarningBase). A group lesson's earning has no
 * order; a package lesson's order is never a group seat's.
 */
const lessonPrice = sql`coalesce(${lessons.groupEarningBase}, ${paymentOrders.tutorPrice}, ${lessons.poolTutorPrice})`;
const schoolMonthOf = schoolMonthSql;
/**
 * The register month an earning is paid in: its lesson's month, unless that month's register was
 * approved before the earning was booked (a late one: the tutor's correction decided by finance, a
 * job that ran late); then the month it was booked in, whose register is still to come. So every
 * earning is in exactly one register and none is left out of the payouts.
 */
const registerMonth = sql<string>`case when ${lessonRegister.approvedAt} is null or ${ledgerEntries.createdAt} < ${lessonRegister.approvedAt} then ${schoolMonthOf(lessons.startsAt)} else ${schoolMonthOf(ledgerEntries.createdAt)} end`;

/**
 * The earliest an earning placed in a month can have been booked: a day before the month starts. An
 * earning is booked at the earliest 8 hours before its lesson (a student's late cancel), and it is
 * placed in its lesson's month or, when late, in the month it was booked in: so the register reads
 * a month's worth of rows by `ledger_entries_earning_time_idx`, not every earning ever booked.
 */
const bookedFrom = (monthStart: Date) => new Date(monthStart.getTime() - 24 * 3_600_000);

/**
 * Each tutor's taught lessons of a register month from the ledger (paid from a package or a company's
 * pool): the `tutor_earning` rows (one per lesson) placed by `registerMonth`, with the tutor's price
 * at the purchase or at the pool spend. One grouped query.
 */
async function computeLines(db: Db, month: string): Promise<PayoutLine[]> {
  const { from, to } = monthBounds(month);
  const chat = await chatEarnings(db, from, to);
  const rows = await db
    .select({
      tutorId: lessons.tutorId,
      lessons: sql<number>`count(distinct ${ledgerEntries.lessonId})::int`,
      priceSum: sql<string>`sum(${lessonPrice})::bigint * 100`,
      booked: sql<string>`sum(${ledgerEntries.amountTiyn})`,
    })
    .from(ledgerEntries)
    .innerJoin(lessons, eq(lessons.id, ledgerEntries.lessonId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, ledgerEntries.orderId))
    .leftJoin(lessonRegister, eq(lessonRegister.month, schoolMonthOf(lessons.startsAt)))
    .where(and(eq(ledgerEntries.kind, 'tutor_earning'), sql`${ledgerEntries.account} like 'tutor_payable:%'`, gte(ledgerEntries.createdAt, bookedFrom(from)), lt(lessons.startsAt, to), sql`${registerMonth} = ${month}`))
    .groupBy(lessons.tutorId);
  // A tutor who only answered in chat help this month has a line too.
  for (const tutorId of chat.keys()) if (!rows.some((r) => r.tutorId === tutorId)) rows.push({ tutorId, lessons: 0, priceSum: '0', booked: '0' });
  if (rows.length === 0) return [];
  const people = new Map<number, { name: string; email: string | null; phone: string }>();
  const ids = rows.map((r) => r.tutorId);
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const found = await db
      .select({ id: users.id, name: users.name, lastname: users.lastname, email: users.email, phone: users.phone })
      .from(users)
      .where(sql`${users.id} in (${sql.join(chunk.map((id) => sql`${id}`), sql`, `)})`);
    for (const u of found) people.set(u.id, { name: `${u.lastname} ${u.name}`.trim(), email: u.email, phone: u.phone });
  }
  return rows
    .map((r) => {
      const plan = tutorPlanByLoad(r.lessons);
      const priceSumTiyn = Number(r.priceSum);
      const p = people.get(r.tutorId);
      const chatTiyn = chat.get(r.tutorId) ?? 0;
      return {
        tutorId: r.tutorId,
        name: p?.name ?? `#${r.tutorId}`,
        email: p?.email ?? null,
        phone: p?.phone ?? '',
        lessons: r.lessons,
        plan,
        feePercent: TUTOR_FEE_PERCENT[plan],
        priceSumTiyn,
        bookedTiyn: Number(r.booked) + chatTiyn,
        earningTiyn: monthEarningTiyn(priceSumTiyn, plan) + chatTiyn,
        chatTiyn,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.tutorId - b.tutorId);
}

async function storedLines(db: Db, registerId: number): Promise<PayoutLine[]> {
  const rows = await db
    .select({ line: payoutLines, name: users.name, lastname: users.lastname, email: users.email, phone: users.phone })
    .from(payoutLines)
    .innerJoin(users, eq(users.id, payoutLines.tutorId))
    .where(eq(payoutLines.registerId, registerId))
    .orderBy(asc(payoutLines.id));
  return rows.map(({ line, ...u }) => ({
    tutorId: line.tutorId,
    name: `${u.lastname} ${u.name}`.trim(),
    email: u.email,
    phone: u.phone,
    lessons: line.lessons,
    plan: line.plan,
    feePercent: line.feePercent,
    priceSumTiyn: line.priceSumTiyn,
    bookedTiyn: line.bookedTiyn,
    earningTiyn: line.earningTiyn,
    chatTiyn: line.chatTiyn,
  }));
}

/**
 * Each tutor's chat help earning booked in [from, to) (`chat_earning` rows on their payable; a reply
 * books its earning at once, in its own month, before that month's register can be approved).
 */
async function chatEarnings(db: Db, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ account: ledgerEntries.account, sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'chat_earning'), sql`${ledgerEntries.account} like 'tutor_payable:%'`, gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((r) => [Number(r.account.slice('tutor_payable:'.length)), Number(r.sum)]));
}

const totals = (lines: PayoutLine[]) => ({
  tutors: lines.length,
  lessons: lines.reduce((s, l) => s + l.lessons, 0),
  earningTiyn: lines.reduce((s, l) => s + l.earningTiyn, 0),
  feeTiyn: lines.reduce((s, l) => s + l.priceSumTiyn - (l.earningTiyn - l.chatTiyn), 0),
});

export async function findRegister(db: Db, month: string): Promise<Register | null> {
  const [r] = await db.select().from(payoutRegisters).where(eq(payoutRegisters.month, month)).limit(1);
  return r ?? null;
}

/** Every line of a month's register: the frozen lines once approved, else computed now. */
export async function registerLines(db: Db, month: string): Promise<{ register: Register | null; lines: PayoutLine[] }> {
  const register = await findRegister(db, month);
  return { register, lines: register ? await storedLines(db, register.id) : await computeLines(db, month) };
}

/** The register of a month as the page shows it, a page of lines at a time (totals over all). */
export async function payoutRegister(db: Db, month: string, opts: { page?: number; pageSize?: number } = {}, now = new Date()): Promise<RegisterView> {
  const { register, lines } = await registerLines(db, month);
  const page = Math.max(1, opts.page ?? 1);
  const pageSize = opts.pageSize ?? 50;
  const status = register ? register.status : month >= schoolMonth(now) ? 'open' : 'draft';
  return { month, status, register, lines: lines.slice((page - 1) * pageSize, page * pageSize), total: totals(lines), page, pageSize };
}

/**
 * Approves a finished month: its lines are computed and frozen. Once per month (409
 * `payout_already_approved`); a month not over yet is 409 `payout_month_open`, an empty one 409
 * `payout_empty`. Audited as `payout.approve`.
 */
export async function approveRegister(db: Db, actor: Actor, month: string, now = new Date()): Promise<Register> {
  if (month >= schoolMonth(now)) throw new ApiError(409, 'payout_month_open');
  try {
    return await transaction(db, async (tx) => {
      if (await findRegister(tx, month)) throw new ApiError(409, 'payout_already_approved');
      const lines = await computeLines(tx, month);
      if (lines.length === 0) throw new ApiError(409, 'payout_empty');
      const sum = totals(lines);
      const [register] = await tx
        .insert(payoutRegisters)
        .values({ month, status: 'approved', tutors: sum.tutors, lessons: sum.lessons, totalTiyn: sum.earningTiyn, approvedBy: actor.id, approvedAt: now })
        .returning();
      for (let i = 0; i < lines.length; i += 500) {
        await tx.insert(payoutLines).values(
          lines.slice(i, i + 500).map((l) => ({ registerId: register!.id, tutorId: l.tutorId, lessons: l.lessons, plan: l.plan, feePercent: l.feePercent, priceSumTiyn: l.priceSumTiyn, bookedTiyn: l.bookedTiyn, earningTiyn: l.earningTiyn, chatTiyn: l.chatTiyn })),
        );
      }
      await audit(tx, actor, { action: 'payout.approve', entity: 'payout', entityId: month, after: { tutors: sum.tutors, lessons: sum.lessons, totalTiyn: sum.earningTiyn } });
      // Each tutor is told the statement is ready, with the day it is paid by.
      await tellStatementsReady(tx, month, lines, `${addMonths(`${month}-01`, 1).slice(0, 8)}${PAYOUT_DAY}`, now);
      return register!;
    });
  } catch (err) {
    const { code, constraint } = dbErrorInfo(err);
    if (code === '23505' && constraint === 'payout_registers_month_uq') throw new ApiError(409, 'payout_already_approved');
    throw err;
  }
}

/** The bank file's lines of an approved register, its first export stamped and every export audited (`payout.export`). */
export async function exportRegister(db: Db, actor: Actor, month: string, format: 'csv' | 'xlsx', now = new Date()): Promise<{ register: Register; lines: PayoutLine[] }> {
  const register = await findRegister(db, month);
  if (!register) throw new ApiError(409, 'payout_not_approved');
  const lines = await storedLines(db, register.id);
  await transaction(db, async (tx) => {
    await tx.update(payoutRegisters).set({ exportedAt: now }).where(and(eq(payoutRegisters.id, register.id), sql`${payoutRegisters.exportedAt} is null`));
    await audit(tx, actor, { action: 'payout.export', entity: 'payout', entityId: month, after: { format, tutors: lines.length, totalTiyn: register.totalTiyn } });
  });
  return { register, lines };
}

/**
 * Marks an approved, exported register paid: with its row locked, the ledger gets two balanced
 * transactions carrying the register's id: the plan adjustments (`school_revenue` → each tutor's
 * payable: the difference between the plan's earning and what the lessons booked at Basic) and the
 * payout (each tutor's payable → `payouts_bank`, the school's bank account the money leaves from).
 * Twice is paid once: the second call finds it paid and changes nothing (`already: true`).
 */
export async function markRegisterPaid(db: Db, actor: Actor, month: string, now = new Date()): Promise<{ register: Register; already: boolean }> {
  return transaction(db, async (tx) => {
    const locked = await tx.execute(sql`select id from ${payoutRegisters} where ${payoutRegisters.month} = ${month} for update`);
    const rows = (locked as unknown as { rows?: { id: number }[] }).rows ?? (locked as unknown as { id: number }[]);
    if (rows.length === 0) throw new ApiError(409, 'payout_not_approved');
    const [register] = await tx.select().from(payoutRegisters).where(eq(payoutRegisters.month, month)).limit(1);
    if (register!.status === 'paid') return { register: register!, already: true };
    if (!register!.exportedAt) throw new ApiError(409, 'payout_not_exported');
    const lines = await tx.select().from(payoutLines).where(eq(payoutLines.registerId, register!.id));
    const adjustments: Leg[] = lines.filter((l) => l.earningTiyn !== l.bookedTiyn).map((l) => ({ account: ACCOUNTS.tutorPayable(l.tutorId), amountTiyn: l.earningTiyn - l.bookedTiyn }));
    const adjusted = adjustments.reduce((s, l) => s + l.amountTiyn, 0);
    if (adjustments.length > 0 && adjusted !== 0) await post(tx, 'plan_adjustment', [{ account: ACCOUNTS.schoolRevenue, amountTiyn: -adjusted }, ...adjustments], { payoutRegisterId: register!.id });
    const paid = lines.filter((l) => l.earningTiyn > 0);
    const total = paid.reduce((s, l) => s + l.earningTiyn, 0);
    if (paid.length > 0) await post(tx, 'payout', [...paid.map((l) => ({ account: ACCOUNTS.tutorPayable(l.tutorId), amountTiyn: -l.earningTiyn })), { account: ACCOUNTS.payoutsBank, amountTiyn: total }], { payoutRegisterId: register!.id });
    const [done] = await tx.update(payoutRegisters).set({ status: 'paid', paidAt: now, paidBy: actor.id }).where(eq(payoutRegisters.id, register!.id)).returning();
    await audit(tx, actor, { action: 'payout.paid', entity: 'payout', entityId: month, before: { status: 'approved' }, after: { status: 'paid', tutors: paid.length, totalTiyn: total, adjustedTiyn: adjusted } });
    await tellPayoutsSent(tx, month, paid, now);
    return { register: done!, already: false };
  });
}

/** The registers, newest month first (the page's list of months). */
export async function listRegisters(db: Db, limit = 24): Promise<Register[]> {
  return db.select().from(payoutRegisters).orderBy(desc(payoutRegisters.month)).limit(limit);
}

export interface Statement {
  month: string;
  lessons: number;
  plan: PlanId;
  feePercent: number;
  /** The lessons' earning and chat help's. */
  earningTiyn: number;
  /** Of it, chat help's. */
  chatTiyn: number;
  /** open: the month is running; preparing: ready by the 5th; approved: paid by the 10th; paid. */
  status: 'open' | 'preparing' | 'approved' | 'paid';
  /** The day it is ready (preparing) or paid by (approved), YYYY-MM-DD; the payment's moment when paid. */
  readyBy: string;
  payBy: string;
  paidAt: string | null;
}

/**
 * A tutor's statements: each month with taught paid lessons (the last 12), from the frozen line
 * when the register is approved, else computed from the ledger with the plan their load earns so
 * far. A month's statement is ready by the 5th of the next month and paid by the 10th.
 */
export async function tutorStatements(db: Db, tutorId: number, now = new Date()): Promise<Statement[]> {
  const current = schoolMonth(now);
  const since = addMonths(`${current}-01`, -11).slice(0, 7);
  const months = await db
    .select({
      month: registerMonth,
      lessons: sql<number>`count(distinct ${ledgerEntries.lessonId})::int`,
      priceSum: sql<string>`sum(${lessonPrice})::bigint * 100`,
    })
    .from(ledgerEntries)
    .innerJoin(lessons, eq(lessons.id, ledgerEntries.lessonId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, ledgerEntries.orderId))
    .leftJoin(lessonRegister, eq(lessonRegister.month, schoolMonthOf(lessons.startsAt)))
    .where(and(eq(ledgerEntries.kind, 'tutor_earning'), eq(ledgerEntries.account, ACCOUNTS.tutorPayable(tutorId)), gte(ledgerEntries.createdAt, bookedFrom(monthBounds(since).from)), sql`${registerMonth} >= ${since}`))
    .groupBy(sql`1`);
  const frozen = await db
    .select({ line: payoutLines, register: payoutRegisters })
    .from(payoutLines)
    .innerJoin(payoutRegisters, eq(payoutRegisters.id, payoutLines.registerId))
    .where(eq(payoutLines.tutorId, tutorId))
    .orderBy(desc(payoutRegisters.month))
    .limit(24);
  const byMonth = new Map<string, Statement>();
  const dates = (month: string) => {
    const next = addMonths(`${month}-01`, 1);
    return { readyBy: `${next.slice(0, 8)}0${STATEMENT_DAY}`, payBy: `${next.slice(0, 8)}${PAYOUT_DAY}` };
  };
  for (const m of months) {
    const plan = tutorPlanByLoad(m.lessons);
    byMonth.set(m.month, { month: m.month, lessons: m.lessons, plan, feePercent: TUTOR_FEE_PERCENT[plan], earningTiyn: monthEarningTiyn(Number(m.priceSum), plan), chatTiyn: 0, status: m.month >= current ? 'open' : 'preparing', ...dates(m.month), paidAt: null });
  }
  // Chat help's earning of each month (a month with chat help only has a statement too).
  const chatMonths = await db
    .select({ month: schoolMonthOf(ledgerEntries.createdAt), sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'chat_earning'), eq(ledgerEntries.account, ACCOUNTS.tutorPayable(tutorId)), gte(ledgerEntries.createdAt, monthBounds(since).from)))
    .groupBy(sql`1`);
  for (const { month, sum } of chatMonths) {
    const chatTiyn = Number(sum);
    if (chatTiyn === 0) continue;
    const m = byMonth.get(month) ?? { month, lessons: 0, plan: 'basic' as PlanId, feePercent: TUTOR_FEE_PERCENT.basic, earningTiyn: 0, chatTiyn: 0, status: month >= current ? ('open' as const) : ('preparing' as const), ...dates(month), paidAt: null };
    byMonth.set(month, { ...m, earningTiyn: m.earningTiyn + chatTiyn, chatTiyn });
  }
  for (const { line, register } of frozen) {
    byMonth.set(register.month, {
      month: register.month,
      lessons: line.lessons,
      plan: line.plan,
      feePercent: line.feePercent,
      earningTiyn: line.earningTiyn,
      chatTiyn: line.chatTiyn,
      status: register.status,
      ...dates(register.month),
      paidAt: register.paidAt?.toISOString() ?? null,
    });
  }
  return [...byMonth.values()].sort((a, b) => b.month.localeCompare(a.month));
}

export interface StatementLesson {
  lessonId: number;
  startsAt: string;
  /** The student's initials ("А. С."): a statement never names them in full. */
  student: string;
  /** The tutor's price the lesson counts at (tenge), the school's fee and the tutor's earning at the month's plan (tiyn). */
  priceTiyn: number;
  feeTiyn: number;
  earningTiyn: number;
  /** Paid from a company's lesson pool rather than a student's package. */
  pool: boolean;
  /** A group's lesson (its id): the price is its earning base, what its seats paid (no student named). */
  groupId: number | null;
}

const initials = (name: string | null, lastname: string | null) =>
  [lastname, name]
    .map((w) => Array.from((w ?? '').trim())[0])
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join(' ');

/**
 * One month's statement of a tutor, lesson by lesson (the walk: "the statement has no per-lesson
 * list"): the lessons placed in that register month (the same placement as the register and
 * `tutorStatements`), each at the tutor's price with the fee of the month's plan (the frozen line's
 * once approved, else the plan the load earns so far). The month's earning is the statement's
 * (its sum of prices less the fee); a lesson's is that rule applied to its own price.
 */
export async function statementLessons(db: Db, tutorId: number, month: string): Promise<{ month: string; plan: PlanId; feePercent: number; lessons: StatementLesson[] }> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .select({
      lessonId: lessons.id,
      startsAt: lessons.startsAt,
      name: users.name,
      lastname: users.lastname,
      price: sql<number>`${lessonPrice}::int`,
      pool: sql<boolean>`${paymentOrders.id} is null and ${lessons.groupId} is null`,
      groupId: lessons.groupId,
    })
    .from(ledgerEntries)
    .innerJoin(lessons, eq(lessons.id, ledgerEntries.lessonId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, ledgerEntries.orderId))
    .leftJoin(users, eq(users.id, lessons.studentId))
    .leftJoin(lessonRegister, eq(lessonRegister.month, schoolMonthOf(lessons.startsAt)))
    .where(and(eq(ledgerEntries.kind, 'tutor_earning'), eq(ledgerEntries.account, ACCOUNTS.tutorPayable(tutorId)), gte(ledgerEntries.createdAt, bookedFrom(from)), lt(lessons.startsAt, to), sql`${registerMonth} = ${month}`))
    .orderBy(asc(lessons.startsAt), asc(lessons.id));
  const [frozen] = await db
    .select({ plan: payoutLines.plan })
    .from(payoutLines)
    .innerJoin(payoutRegisters, eq(payoutRegisters.id, payoutLines.registerId))
    .where(and(eq(payoutLines.tutorId, tutorId), eq(payoutRegisters.month, month)))
    .limit(1);
  const seen = new Set<number>();
  const unique = rows.filter((r) => !seen.has(r.lessonId) && seen.add(r.lessonId));
  const plan = frozen?.plan ?? tutorPlanByLoad(unique.length);
  return {
    month,
    plan,
    feePercent: TUTOR_FEE_PERCENT[plan],
    lessons: unique.map((r) => {
      const priceTiyn = Number(r.price) * 100;
      const earningTiyn = monthEarningTiyn(priceTiyn, plan);
      return { lessonId: r.lessonId, startsAt: r.startsAt.toISOString(), student: initials(r.name, r.lastname), priceTiyn, feeTiyn: priceTiyn - earningTiyn, earningTiyn, pool: Boolean(r.pool), groupId: r.groupId };
    }),
  };
}

/** Finance's reminders of the last month's register (lib/payments/notices.ts): the job's pass. */
export const remindPayoutRegister = (db: Db, now = new Date()) =>
  remindFinanceOfPayouts(db, { statementDay: STATEMENT_DAY, payoutDay: PAYOUT_DAY, hasLessons: async (month) => (await computeLines(db, month)).length > 0 }, now);
