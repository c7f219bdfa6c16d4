import 'server-only';
// Company lesson pools (docs/payments.md, "Company lesson pools"): HR orders N lessons → an invoice
// (issued); finance marks it paid once the bank transfer arrives (the ledger credits the company's
// balance) or cancels an unpaid one; HR gives lessons of the paid pool to employees of its roster;
// a lesson staff link to an employee spends one of theirs. Lessons are money at the invoice's price
// per lesson: lessons left = the rows of an account for an invoice ÷ that price, never a stored total.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { companies, companyEmployees, companyInvoices, ledgerEntries, lessons, tutorProfiles, type InvoiceParty } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { schoolDay } from '@/lib/time/wall-clock';
import { pricePerLesson, STUDENT_PLANS } from '@/lib/tariffs';
import type { InvoicePaidInput, InvoicesQuery } from '@/lib/validations/company-pools';
import { ACCOUNTS, post } from './ledger';
import { isEarned, poolSpendOf, settleLessonMoney } from './lesson-money';
import { TIYN_PER_TENGE, tutorEarningTiyn } from './model';

/**
 * The company price of a pool lesson: the published Intensive plan's price per lesson at the
 * standard tutor price (5 000 ₸ − 10 % = 4 500 ₸, "individual lessons from 4 500 ₸"): a pool of 10
 * to 1 000 lessons is bought in bulk, so it gets the deepest published plan discount.
 */
export const COMPANY_LESSON_TIYN = pricePerLesson(STUDENT_PLANS.find((p) => p.id === 'intensive')!) * TIYN_PER_TENGE;

/** The standard VAT rate of the Tax Code of Kazakhstan in force from 1 January 2026. */
export const VAT_PERCENT = 16;

/** The VAT included in a gross amount (rounded to the tiyn): amount × 16 / 116. */
export const vatIncludedTiyn = (amountTiyn: number, percent = VAT_PERCENT): number => Math.round((amountTiyn * percent) / (100 + percent));

export type Invoice = typeof companyInvoices.$inferSelect;

/** The school's requisites from the environment (dev placeholders unless set: lib/env.ts). */
export function schoolRequisites(): InvoiceParty {
  const e = env();
  return { name: e.SCHOOL_LEGAL_NAME, bin: e.SCHOOL_BIN, iban: e.SCHOOL_IBAN, bank: e.SCHOOL_BANK, bic: e.SCHOOL_BIC, address: e.SCHOOL_ADDRESS };
}

const invoiceNumber = (id: number, now: Date) => `TLM-${schoolDay(now).slice(0, 4)}-${String(id).padStart(6, '0')}`;

/** HR orders a pool of lessons: an issued invoice with both parties' requisites; 409 `company_bin_missing` until the school has the company's BIN. Audited. */
export async function createInvoice(db: Db, actor: Actor, member: { companyId: number; userId: number; locale: string }, lessons: number, now = new Date()): Promise<Invoice> {
  const [company] = await db.select({ name: companies.name, bin: companies.bin, address: companies.legalAddress }).from(companies).where(eq(companies.id, member.companyId)).limit(1);
  if (!company) throw new ApiError(404, 'not_found');
  if (!company.bin) throw new ApiError(409, 'company_bin_missing');
  const amountTiyn = COMPANY_LESSON_TIYN * lessons;
  const vatPayer = env().SCHOOL_VAT_PAYER;
  return transaction(db, async (tx) => {
    const [next] = rowsOf<{ id: string }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('company_invoices', 'id'))::text as id`));
    const id = Number(next!.id);
    const [row] = await tx
      .insert(companyInvoices)
      .values({
        id,
        number: invoiceNumber(id, now),
        companyId: member.companyId,
        createdBy: member.userId,
        locale: ['ru', 'kk', 'en'].includes(member.locale) ? member.locale : 'ru',
        lessons,
        perLessonTiyn: COMPANY_LESSON_TIYN,
        amountTiyn,
        vatPayer,
        vatPercent: vatPayer ? VAT_PERCENT : 0,
        vatTiyn: vatPayer ? vatIncludedTiyn(amountTiyn) : 0,
        school: schoolRequisites(),
        buyer: { name: company.name, bin: company.bin, address: company.address },
        createdAt: now,
      })
      .returning();
    await audit(tx, actor, { action: 'invoice.create', entity: 'invoice', entityId: id, after: { number: row!.number, lessons, amountTiyn } });
    return row!;
  });
}

export type InvoiceSummary = Pick<Invoice, 'id' | 'number' | 'lessons' | 'perLessonTiyn' | 'amountTiyn' | 'vatPayer' | 'vatPercent' | 'vatTiyn' | 'status' | 'createdAt' | 'paidOn'>;
const summaryColumns = {
  id: companyInvoices.id,
  number: companyInvoices.number,
  lessons: companyInvoices.lessons,
  perLessonTiyn: companyInvoices.perLessonTiyn,
  amountTiyn: companyInvoices.amountTiyn,
  vatPayer: companyInvoices.vatPayer,
  vatPercent: companyInvoices.vatPercent,
  vatTiyn: companyInvoices.vatTiyn,
  status: companyInvoices.status,
  createdAt: companyInvoices.createdAt,
  paidOn: companyInvoices.paidOn,
};

/** The company's invoices, newest first (HR); one `invoice.list` audit row per look. */
export async function companyInvoiceList(db: Db, actor: Actor, companyId: number): Promise<InvoiceSummary[]> {
  const rows = await db.select(summaryColumns).from(companyInvoices).where(eq(companyInvoices.companyId, companyId)).orderBy(desc(companyInvoices.id)).limit(200);
  await auditListView(db, actor, { action: 'invoice.list', entity: 'invoice', total: rows.length });
  return rows;
}

/** One invoice of this company (another company's: 404, as one that does not exist). */
export async function companyInvoice(db: Db, companyId: number, id: number): Promise<Invoice> {
  const [row] = await db.select().from(companyInvoices).where(and(eq(companyInvoices.id, id), eq(companyInvoices.companyId, companyId))).limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export interface InvoiceRow extends InvoiceSummary {
  companyId: number;
  company: string;
  paymentOrder: string | null;
  cancelReason: string | null;
}

/** Finance: invoices by status (default issued: waiting for the transfer), oldest first; one `invoice.list` audit row per view. */
export async function viewInvoices(db: Db, actor: Actor, q: InvoicesQuery): Promise<{ rows: InvoiceRow[]; total: number }> {
  const cond = q.status === 'all' ? undefined : eq(companyInvoices.status, q.status);
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...summaryColumns, companyId: companyInvoices.companyId, company: companies.name, paymentOrder: companyInvoices.paymentOrder, cancelReason: companyInvoices.cancelReason })
      .from(companyInvoices)
      .innerJoin(companies, eq(companies.id, companyInvoices.companyId))
      .where(cond)
      .orderBy(q.status === 'issued' ? companyInvoices.id : desc(companyInvoices.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(companyInvoices).where(cond),
  ]);
  const total = count?.n ?? 0;
  await auditListView(db, actor, { action: 'invoice.list', entity: 'invoice', filter: q, total });
  return { rows, total };
}

/** An invoice's row locked for a decision: 404 unknown; 409 when already paid or cancelled. */
async function lockIssued(tx: Db, id: number): Promise<Invoice> {
  const locked = rowsOf<{ id: number }>(await tx.execute(sql`select id from ${companyInvoices} where ${companyInvoices.id} = ${id} for update`));
  if (locked.length === 0) throw new ApiError(404, 'not_found');
  const [invoice] = await tx.select().from(companyInvoices).where(eq(companyInvoices.id, id)).limit(1);
  if (invoice!.status === 'paid') throw new ApiError(409, 'invoice_already_paid');
  if (invoice!.status === 'cancelled') throw new ApiError(409, 'invoice_cancelled');
  return invoice!;
}

/**
 * Finance: the bank transfer arrived. Once: with the row locked, the invoice becomes paid (the
 * bank's date, the payment order) and the ledger moves its amount from `bank_transfers` to the
 * company's balance (its lessons at the invoice's price). A second mark is 409 `invoice_already_paid`. Audited.
 */
export async function markInvoicePaid(db: Db, actor: Actor, id: number, input: InvoicePaidInput, now = new Date()): Promise<Invoice> {
  return transaction(db, async (tx) => {
    const invoice = await lockIssued(tx, id);
    const [row] = await tx.update(companyInvoices).set({ status: 'paid', paidOn: input.paidOn, paymentOrder: input.paymentOrder, paidBy: actor.id, paidAt: now }).where(eq(companyInvoices.id, id)).returning();
    await post(
      tx,
      'invoice_paid',
      [
        { account: ACCOUNTS.bankTransfers, amountTiyn: -invoice.amountTiyn },
        { account: ACCOUNTS.companyBalance(invoice.companyId), amountTiyn: invoice.amountTiyn },
      ],
      { companyInvoiceId: id },
    );
    await audit(tx, actor, { action: 'invoice.paid', entity: 'invoice', entityId: id, before: { status: 'issued' }, after: { status: 'paid', paidOn: input.paidOn, paymentOrder: input.paymentOrder, amountTiyn: invoice.amountTiyn, lessons: invoice.lessons } });
    return row!;
  });
}

/** Finance cancels an unpaid invoice, with a reason (a paid one: 409 `invoice_already_paid`). Audited. */
export async function cancelInvoice(db: Db, actor: Actor, id: number, reason: string, now = new Date()): Promise<Invoice> {
  return transaction(db, async (tx) => {
    await lockIssued(tx, id);
    const [row] = await tx.update(companyInvoices).set({ status: 'cancelled', cancelledBy: actor.id, cancelledAt: now, cancelReason: reason }).where(eq(companyInvoices.id, id)).returning();
    await audit(tx, actor, { action: 'invoice.cancel', entity: 'invoice', entityId: id, before: { status: 'issued' }, after: { status: 'cancelled', reason } });
    return row!;
  });
}

/** Lessons left on an account, per invoice (oldest first): its rows for the invoice ÷ the invoice's price per lesson. */
async function lessonsLeft(tx: Db, account: string): Promise<{ invoiceId: number; perLessonTiyn: number; lessons: number }[]> {
  const rows = await tx
    .select({ invoiceId: ledgerEntries.companyInvoiceId, sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text`, perLessonTiyn: companyInvoices.perLessonTiyn })
    .from(ledgerEntries)
    .innerJoin(companyInvoices, eq(companyInvoices.id, ledgerEntries.companyInvoiceId))
    .where(eq(ledgerEntries.account, account))
    .groupBy(ledgerEntries.companyInvoiceId, companyInvoices.perLessonTiyn)
    .orderBy(ledgerEntries.companyInvoiceId);
  return rows.map((r) => ({ invoiceId: r.invoiceId!, perLessonTiyn: r.perLessonTiyn, lessons: Math.floor(Number(r.sum) / r.perLessonTiyn) })).filter((r) => r.lessons > 0);
}

/**
 * HR gives N lessons of the paid pool to an employee of its roster (another company's employee:
 * 404). The company's row is locked, so parallel allocations see each other: the pool never goes
 * below zero (409 `company_pool_empty`). Oldest invoice first; one ledger transaction per invoice
 * used (company balance → the employee's). Audited.
 */
export async function allocateLessons(db: Db, actor: Actor, companyId: number, input: { employeeId: number; lessons: number }) {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select id from ${companies} where ${companies.id} = ${companyId} for update`);
    const [employee] = await tx.select({ id: companyEmployees.id }).from(companyEmployees).where(and(eq(companyEmployees.id, input.employeeId), eq(companyEmployees.companyId, companyId))).limit(1);
    if (!employee) throw new ApiError(404, 'not_found');
    const pool = await lessonsLeft(tx, ACCOUNTS.companyBalance(companyId));
    if (pool.reduce((s, p) => s + p.lessons, 0) < input.lessons) throw new ApiError(409, 'company_pool_empty');
    let need = input.lessons;
    for (const p of pool) {
      if (need === 0) break;
      const n = Math.min(need, p.lessons);
      await post(
        tx,
        'company_allocation',
        [
          { account: ACCOUNTS.companyBalance(companyId), amountTiyn: -n * p.perLessonTiyn },
          { account: ACCOUNTS.employeeBalance(employee.id), amountTiyn: n * p.perLessonTiyn },
        ],
        { companyInvoiceId: p.invoiceId },
      );
      need -= n;
    }
    await audit(tx, actor, { action: 'pool.allocate', entity: 'company_employee', entityId: employee.id, after: { lessons: input.lessons } });
    return { employeeId: employee.id, lessons: input.lessons };
  });
}

/**
 * An employee leaves the roster (lib/company-portal/roster.ts removeEmployee, in its transaction):
 * the lessons given to them and not spent go back to the company's pool, per invoice
 * (`company_allocation_returned`: the employee's balance → the company's), so HR can give them to
 * someone else and nothing stays on an account nobody can reach. Returns how many lessons came back.
 */
export async function returnEmployeeLessons(tx: Db, companyId: number, employeeId: number): Promise<number> {
  await tx.execute(sql`select id from ${companies} where ${companies.id} = ${companyId} for update`);
  const rows = await tx
    .select({ invoiceId: ledgerEntries.companyInvoiceId, sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text`, perLessonTiyn: companyInvoices.perLessonTiyn })
    .from(ledgerEntries)
    .innerJoin(companyInvoices, eq(companyInvoices.id, ledgerEntries.companyInvoiceId))
    .where(eq(ledgerEntries.account, ACCOUNTS.employeeBalance(employeeId)))
    .groupBy(ledgerEntries.companyInvoiceId, companyInvoices.perLessonTiyn);
  let lessons = 0;
  for (const r of rows) {
    const amount = Number(r.sum);
    if (amount <= 0) continue;
    await post(
      tx,
      'company_allocation_returned',
      [
        { account: ACCOUNTS.employeeBalance(employeeId), amountTiyn: -amount },
        { account: ACCOUNTS.companyBalance(companyId), amountTiyn: amount },
      ],
      { companyInvoiceId: r.invoiceId! },
    );
    lessons += Math.floor(amount / r.perLessonTiyn);
  }
  return lessons;
}

/**
 * The highest tutor price (whole tenge) a company pool lesson can pay for: the tutor earns their
 * own price less their plan's fee (at most 60 % of it, on Intensive), and that must not be more
 * than the company paid for the lesson (4 500 ₸ → 7 500 ₸). A dearer tutor's lesson cannot be
 * paid from a pool: the school would pay the tutor more than it received.
 */
export const poolTutorPriceMax = (perLessonTiyn = COMPANY_LESSON_TIYN): number => Math.floor(perLessonTiyn / tutorEarningTiyn(1, 'intensive'));

/** Why a linked lesson is not paid from the employee's pool: none left, a student's package pays, or the tutor did not come. */
export type PoolSpend = 'spent' | 'none_left' | 'package' | 'not_held';

/**
 * The hook of a lesson's company link (lib/marketplace/admin.ts setLessonCompany), in its
 * transaction: the lesson holds at most one spent pool lesson, of the employee it is linked to.
 * Linked to an employee with lessons left: one is spent (`company_lesson_spent`: employee balance →
 * `school_revenue`, the lesson's id on both rows) and the tutor's price is kept on the lesson for
 * their earning (`pool_tutor_price`); relinked elsewhere or unlinked: that lesson goes back first
 * (`company_lesson_returned`). The same link again changes nothing. Not spent: a lesson paid from a
 * student's package (`package`), a cancelled lesson or one the tutor (or both) did not come to
 * (`not_held`), an employee with none left (`none_left`). A lesson already settled by the room's
 * log gets its money at once (held → the tutor earns). Refused: a tutor dearer than
 * `poolTutorPriceMax` (409 `pool_tutor_price`), and any change once the tutor earned the pool
 * lesson (409 `lesson_decided`).
 */
export async function syncLessonPoolSpend(tx: Db, lessonId: number, employeeId: number | null): Promise<PoolSpend> {
  await tx.execute(sql`select id from lessons where id = ${lessonId} for update`);
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  const spent = await poolSpendOf(tx, lessonId);
  if (spent && employeeId !== null && spent.account === ACCOUNTS.employeeBalance(employeeId)) return 'spent';
  if (spent && (await isEarned(tx, lessonId))) throw new ApiError(409, 'lesson_decided');
  if (spent) {
    await post(
      tx,
      'company_lesson_returned',
      [
        { account: ACCOUNTS.schoolRevenue, amountTiyn: -spent.amountTiyn },
        { account: spent.account, amountTiyn: spent.amountTiyn },
      ],
      { lessonId, companyInvoiceId: spent.invoiceId },
    );
  }
  if (employeeId === null) return 'none_left';
  if (lesson!.kind === 'paid' && lesson!.packageId !== null) return 'package';
  if (lesson!.status === 'cancelled' || (lesson!.factStatus === 'not_held' && (lesson!.factNoShow === 'tutor' || lesson!.factNoShow === 'both'))) return 'not_held';
  await tx.execute(sql`select id from ${companyEmployees} where ${companyEmployees.id} = ${employeeId} for update`);
  const [first] = await lessonsLeft(tx, ACCOUNTS.employeeBalance(employeeId));
  if (!first) return 'none_left';
  // The tutor's published price: what their students pay and their earning is counted from.
  const [profile] = await tx.select({ published: tutorProfiles.published }).from(tutorProfiles).where(eq(tutorProfiles.userId, lesson!.tutorId)).limit(1);
  const price = profile?.published?.price ?? null;
  if (price === null || price > poolTutorPriceMax(first.perLessonTiyn)) throw new ApiError(409, 'pool_tutor_price');
  await post(
    tx,
    'company_lesson_spent',
    [
      { account: ACCOUNTS.employeeBalance(employeeId), amountTiyn: -first.perLessonTiyn },
      { account: ACCOUNTS.schoolRevenue, amountTiyn: first.perLessonTiyn },
    ],
    { lessonId, companyInvoiceId: first.invoiceId },
  );
  await tx.update(lessons).set({ poolTutorPrice: price }).where(eq(lessons.id, lessonId));
  // Linked after the room's log settled it: its money follows the facts now, as the job would have.
  if (lesson!.factStatus) await settleLessonMoney(tx, lessonId, { status: lesson!.factStatus, noShow: lesson!.factNoShow });
  return 'spent';
}

export interface EmployeePool {
  employeeId: number;
  lastName: string;
  firstName: string;
  allocated: number;
  spent: number;
  left: number;
}

/**
 * The company's pool as HR sees it: lessons paid for, not yet given, and per employee of the roster
 * with any: given, spent (net of returns) and left. Read from the ledger (grouped sums ÷ each
 * invoice's price). One `pool.view` audit row per look.
 */
export async function companyPool(db: Db, actor: Actor, companyId: number): Promise<{ paid: number; unallocated: number; employees: EmployeePool[] }> {
  const res = await db.execute<{ account: string; kind: string; lessons: string }>(sql`
    select l.account, l.kind, sum(l.amount_tiyn / i.per_lesson_tiyn)::text as lessons
      from ledger_entries l join company_invoices i on i.id = l.company_invoice_id
     where i.company_id = ${companyId} and (l.account like 'company_balance:%' or l.account like 'employee_balance:%')
     group by l.account, l.kind`);
  let paid = 0;
  let unallocated = 0;
  const byEmployee = new Map<number, { allocated: number; spent: number; left: number }>();
  for (const r of rowsOf<{ account: string; kind: string; lessons: string }>(res)) {
    const n = Number(r.lessons);
    if (r.account.startsWith('company_balance:')) {
      unallocated += n;
      if (r.kind === 'invoice_paid') paid += n;
      continue;
    }
    const id = Number(r.account.split(':')[1]);
    const e = byEmployee.get(id) ?? { allocated: 0, spent: 0, left: 0 };
    if (r.kind === 'company_allocation') e.allocated += n;
    else e.spent -= n;
    e.left += n;
    byEmployee.set(id, e);
  }
  const ids = [...byEmployee.keys()];
  const names = ids.length
    ? await db.select({ id: companyEmployees.id, lastName: companyEmployees.lastName, firstName: companyEmployees.firstName }).from(companyEmployees).where(and(eq(companyEmployees.companyId, companyId), inArray(companyEmployees.id, ids)))
    : [];
  const employees = names
    .map((n) => ({ employeeId: n.id, lastName: n.lastName, firstName: n.firstName, ...byEmployee.get(n.id)! }))
    .sort((a, b) => a.lastName.localeCompare(b.lastName, 'ru') || a.firstName.localeCompare(b.firstName, 'ru') || a.employeeId - b.employeeId);
  await auditListView(db, actor, { action: 'pool.view', entity: 'company_employee', total: employees.length });
  return { paid, unallocated, employees };
}
