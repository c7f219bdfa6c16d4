import 'server-only';
// Company lesson pools (docs/payments.md, "Company lesson pools"): HR orders N lessons → an invoice
// (issued); finance marks it paid once the bank transfer arrives (the ledger credits the company's
// balance) or cancels an unpaid one; HR gives lessons of the paid pool to employees of its roster;
// a lesson staff link to an employee spends one of theirs. Lessons are money at the invoice's price
// per lesson: lessons left = the rows of an account for an invoice ÷ that price, never a stored total.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { companies, companyEmployees, companyInvoices, ledgerEntries, lessons, type InvoiceParty } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { schoolNameKk, unsetSchoolRequisites } from '@/lib/school-requisites';
import { notifyLesson } from '@/lib/lessons/notify';
import { slotsChanged } from '@/lib/lessons/revalidate';
import { schoolDay } from '@/lib/time/wall-clock';
import type { InvoicePaidInput, InvoicesQuery } from '@/lib/validations/company-pools';
import { ACCOUNTS, post } from '@/lib/money/ledger';
import { COMPANY_LESSON_TIYN, giveLessonBack, lessonsLeft, PAID_CANCEL_DEADLINE_MINUTES } from '@/lib/lessons/money';
import { lockEmployee } from '@/lib/lessons/pool-locks';
import { groupSeatPrice } from '@/lib/money/model';
import { findGroup, lessonsAhead, onSale } from '@/lib/groups/state';

/** The standard VAT rate of the Tax Code of Kazakhstan in force from 1 January 2026. */
export const VAT_PERCENT = 16;

/** The VAT included in a gross amount (rounded to the tiyn): amount × 16 / 116. */
export const vatIncludedTiyn = (amountTiyn: number, percent = VAT_PERCENT): number => Math.round((amountTiyn * percent) / (100 + percent));

export type Invoice = typeof companyInvoices.$inferSelect;

/** The school's requisites from the environment (dev placeholders unless set: lib/env.ts), marked when any is still a placeholder. */
export function schoolRequisites(): InvoiceParty {
  const e = env();
  return {
    name: e.SCHOOL_LEGAL_NAME,
    nameKk: schoolNameKk(e),
    bin: e.SCHOOL_BIN,
    iban: e.SCHOOL_IBAN,
    bank: e.SCHOOL_BANK,
    bic: e.SCHOOL_BIC,
    address: e.SCHOOL_ADDRESS,
    kbe: e.SCHOOL_KBE,
    signatory: { name: e.SCHOOL_DIRECTOR_NAME, position: e.SCHOOL_DIRECTOR_POSITION },
    ...(e.SCHOOL_ACCOUNTANT_NAME ? { accountant: e.SCHOOL_ACCOUNTANT_NAME } : {}),
    placeholder: unsetSchoolRequisites(e).length > 0,
  };
}

/** The company's requisites as its documents print them (lib/db/tables/companies.ts). */
export function companyParty(c: typeof companies.$inferSelect): InvoiceParty {
  return {
    name: c.name,
    bin: c.bin,
    address: c.legalAddress,
    iban: c.bankIban,
    bank: c.bankName,
    bic: c.bankBic,
    kbe: c.kbe,
    signatory: c.signatoryName ? { name: c.signatoryName, position: c.signatoryPosition ?? '' } : null,
    contract: c.contractNumber && c.contractDate ? { number: c.contractNumber, date: c.contractDate } : null,
  };
}

const invoiceNumber = (id: number, now: Date) => `TLM-${schoolDay(now).slice(0, 4)}-${String(id).padStart(6, '0')}`;

/** What an invoice is for: a pool's lessons, or a closed group's seats (seats × the lessons of each, at the group's price). */
export interface InvoiceLine {
  lessons: number;
  perLessonTiyn: number;
  group?: { id: number; seats: number; lessons: number };
}

/**
 * Issues an invoice (`issued`, its number `TLM-<year>-<id>`) with both parties' requisites: HR's pool
 * order, or a closed group's seats (lib/groups/corporate.ts groupInvoice). 409 `company_bin_missing`
 * until the school has the company's BIN. Audited `invoice.create`.
 */
export async function issueInvoice(db: Db, actor: Actor, member: { companyId: number; userId: number; locale: string }, line: InvoiceLine, now = new Date()): Promise<Invoice> {
  const [company] = await db.select().from(companies).where(eq(companies.id, member.companyId)).limit(1);
  if (!company) throw new ApiError(404, 'not_found');
  if (!company.bin) throw new ApiError(409, 'company_bin_missing');
  const amountTiyn = line.perLessonTiyn * line.lessons;
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
        lessons: line.lessons,
        perLessonTiyn: line.perLessonTiyn,
        amountTiyn,
        vatPayer,
        vatPercent: vatPayer ? VAT_PERCENT : 0,
        vatTiyn: vatPayer ? vatIncludedTiyn(amountTiyn) : 0,
        school: schoolRequisites(),
        buyer: companyParty(company),
        groupId: line.group?.id ?? null,
        seats: line.group?.seats ?? null,
        groupLessons: line.group?.lessons ?? null,
        createdAt: now,
      })
      .returning();
    const what = line.group ? { group: line.group.id, seats: line.group.seats, groupLessons: line.group.lessons } : {};
    await audit(tx, actor, { action: 'invoice.create', entity: 'invoice', entityId: id, after: { number: row!.number, lessons: line.lessons, amountTiyn, ...what } });
    return row!;
  });
}

/**
 * HR orders its closed group's invoice: `seats` seats × the group's lessons ahead × its price (an
 * issued invoice with the group, the seats and the lessons of a seat on it). Paid (finance), its money
 * is the company's for its groups' seats (`company_groups:<company>`; lib/groups/corporate.ts seats
 * employees from it). 404 for a group not this company's; 409 `group_not_open` for a group not on
 * sale or with no lessons ahead; 422 for more seats than the group has; 409 `company_bin_missing`.
 */
export async function groupInvoice(db: Db, actor: Actor, member: { companyId: number; userId: number; locale: string }, groupId: number, seats: number, now = new Date()): Promise<Invoice> {
  const group = await findGroup(db, groupId);
  if (!group || group.companyId !== member.companyId) throw new ApiError(404, 'not_found');
  const left = await lessonsAhead(db, groupId, now);
  if (!onSale(group) || left === 0) throw new ApiError(409, 'group_not_open');
  if (seats > group.maxSeats) throw new ApiError(422, 'validation_failed', { seats: 'group_invoice_seats' });
  const price = groupSeatPrice(group.pricePerLessonTiyn, left);
  return issueInvoice(db, actor, member, { lessons: seats * left, perLessonTiyn: price.perLessonTiyn, group: { id: groupId, seats, lessons: left } }, now);
}

/** HR orders a pool of lessons at the company price: an issued invoice (issueInvoice). */
export const createInvoice = (db: Db, actor: Actor, member: { companyId: number; userId: number; locale: string }, lessons: number, now = new Date()): Promise<Invoice> =>
  issueInvoice(db, actor, member, { lessons, perLessonTiyn: COMPANY_LESSON_TIYN }, now);

export type InvoiceSummary = Pick<Invoice, 'id' | 'number' | 'lessons' | 'perLessonTiyn' | 'amountTiyn' | 'vatPayer' | 'vatPercent' | 'vatTiyn' | 'status' | 'createdAt' | 'paidOn' | 'groupId' | 'seats' | 'groupLessons'>;
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
  groupId: companyInvoices.groupId,
  seats: companyInvoices.seats,
  groupLessons: companyInvoices.groupLessons,
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

/** One invoice of this company as its PDF prints it: a closed group's with the group's subject, level and lesson length (404 as companyInvoice). */
export async function companyInvoiceForPdf(db: Db, companyId: number, id: number): Promise<Invoice & { group: { subject: string; level: string; seats: number; lessons: number; minutes: number } | null }> {
  const invoice = await companyInvoice(db, companyId, id);
  if (invoice.groupId === null) return { ...invoice, group: null };
  const group = await findGroup(db, invoice.groupId);
  return { ...invoice, group: { subject: group!.subject, level: group!.level, seats: invoice.seats!, lessons: invoice.groupLessons!, minutes: group!.durationMinutes } };
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
 * company's balance (its lessons at the invoice's price), or, for a closed group's invoice, to the
 * company's group money (`company_groups:<company>`: its groups' seats, apart from the pool). A
 * second mark is 409 `invoice_already_paid`. Audited.
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
        { account: invoice.groupId === null ? ACCOUNTS.companyBalance(invoice.companyId) : ACCOUNTS.companyGroups(invoice.companyId), amountTiyn: invoice.amountTiyn },
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

/**
 * HR gives N lessons of the paid pool to an employee of its roster (another company's employee:
 * 404). The company's row is locked, so parallel allocations see each other: the pool never goes
 * below zero (409 `company_pool_empty`). Oldest invoice first; one ledger transaction per invoice
 * used (company balance → the employee's). Audited.
 */
export async function allocateLessons(db: Db, actor: Actor, companyId: number, input: { employeeId: number; lessons: number }) {
  return transaction(db, async (tx) => {
    // The employee's row, then the company's (the order every change of a pool keeps: POOL_LOCKS).
    const employee = await lockEmployee(tx, input.employeeId, companyId);
    if (!employee) throw new ApiError(404, 'not_found');
    await tx.execute(sql`select id from ${companies} where ${companies.id} = ${companyId} for update`);
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
 * An employee leaves the roster (`employeeLeavesPool`, in its transaction, the employee's row locked):
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
 * An employee leaves the roster (HR removes them, or the retention pass deletes their row), in the
 * caller's transaction, before the row goes (docs/payments.md, "An employee leaves the roster"):
 * lessons they booked from the pool that start 8 hours or more from now (the published cancel
 * rule) are cancelled, both sides told, and their lessons come back; then every lesson given to
 * them and not spent goes back to the company's pool (`returnEmployeeLessons`). Lessons within the
 * 8 hours stand and are settled by the room's log as any lesson; one given back later (the tutor's
 * no-show) goes to the company's pool. Locks in the pool's order: the lessons, the employee, the company.
 */
export async function employeeLeavesPool(tx: Db, companyId: number, employeeId: number, now = new Date()): Promise<{ lessonsReturned: number; lessonsCancelled: number }> {
  const from = new Date(now.getTime() + PAID_CANCEL_DEADLINE_MINUTES * 60_000);
  const due = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select id from ${lessons} where ${lessons.companyEmployeeId} = ${employeeId} and ${lessons.status} = 'booked' and ${lessons.poolTutorPrice} is not null and ${lessons.startsAt} >= ${from.toISOString()}::timestamptz order by id for update`,
    ),
  ).map((r) => Number(r.id));
  if (!(await lockEmployee(tx, employeeId, companyId))) return { lessonsReturned: 0, lessonsCancelled: 0 };
  let lessonsCancelled = 0;
  for (const id of due) {
    const [row] = await tx
      .update(lessons)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'student', sequence: sql`${lessons.sequence} + 1`, updatedAt: now })
      .where(and(eq(lessons.id, id), eq(lessons.status, 'booked')))
      .returning();
    if (!row) continue;
    await giveLessonBack(tx, id);
    await notifyLesson(tx, row, 'cancelled');
    lessonsCancelled += 1;
  }
  const lessonsReturned = await returnEmployeeLessons(tx, companyId, employeeId);
  if (lessonsCancelled) slotsChanged();
  return { lessonsReturned, lessonsCancelled };
}

export interface PoolLesson {
  lessonId: number;
  /** The roster row it was booked or linked for (null once the employee left the roster). */
  employeeId: number | null;
  /** The employee's names: the roster's, or the student account's once the employee left. */
  lastName: string;
  firstName: string;
  startsAt: Date;
  endsAt: Date;
  /**
   * What the company sees of it: `held` (the room's log says held), `missed` (not held, but spent and
   * earned by the rules: the employee did not come or cancelled late, or finance decided so) or
   * `scheduled` (booked, or ended and not yet settled: its money is still open).
   */
  state: 'held' | 'missed' | 'scheduled';
  /** The pool lesson's price (the invoice's), in tiyn. */
  amountTiyn: number;
  invoiceId: number;
}

/**
 * The lessons a company's pool pays for and still holds (spent and not given back), by start, in
 * `[from, to)` when given: from the ledger (the school's side of `company_lesson_spent` /
 * `company_lesson_returned` per lesson, on the company's invoices) and the lessons' facts. A lesson
 * is `held` only when the room's log says so (`fact_status`), never because it was booked or linked.
 */
export async function poolLessonsOf(db: Db, companyId: number, period: { from?: Date; to?: Date } = {}): Promise<PoolLesson[]> {
  const res = await db.execute(sql`
    select l.id, l.company_employee_id, coalesce(ce.last_name, u.lastname) as last_name, coalesce(ce.first_name, u.name) as first_name,
           l.starts_at, l.ends_at, l.fact_status, s.invoice_id, s.amount::text as amount,
           exists (select 1 from ledger_entries t where t.lesson_id = l.id and t.kind = 'tutor_earning') as earned
      from (select e.lesson_id, max(e.company_invoice_id) as invoice_id, sum(e.amount_tiyn) as amount
              from ledger_entries e join company_invoices i on i.id = e.company_invoice_id
             where i.company_id = ${companyId} and e.account = 'school_revenue' and e.kind in ('company_lesson_spent', 'company_lesson_returned')
             group by e.lesson_id having sum(e.amount_tiyn) > 0) s
      join lessons l on l.id = s.lesson_id
      left join company_employees ce on ce.id = l.company_employee_id
      left join users u on u.id = l.student_id
     where true ${period.from ? sql`and l.starts_at >= ${period.from.toISOString()}::timestamptz` : sql``} ${period.to ? sql`and l.starts_at < ${period.to.toISOString()}::timestamptz` : sql``}
     order by l.starts_at, l.id`);
  type Row = { id: number; company_employee_id: number | null; last_name: string | null; first_name: string | null; starts_at: Date | string; ends_at: Date | string; fact_status: string | null; invoice_id: number; amount: string; earned: boolean };
  return rowsOf<Row>(res).map((r) => ({
    lessonId: Number(r.id),
    employeeId: r.company_employee_id === null ? null : Number(r.company_employee_id),
    lastName: r.last_name ?? '',
    firstName: r.first_name ?? '',
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    state: r.fact_status === 'held' ? 'held' : r.earned ? 'missed' : 'scheduled',
    amountTiyn: Number(r.amount),
    invoiceId: Number(r.invoice_id),
  }));
}

export interface EmployeePool {
  employeeId: number;
  lastName: string;
  firstName: string;
  /** Lessons HR gave the employee (net of nothing: a leaving employee's row goes). */
  allocated: number;
  /** Booked from them and not yet held (ahead, or ended and not yet settled). */
  scheduled: number;
  /** Held: the room's log says so. */
  held: number;
  /** Not held but spent by the rules (the employee did not come, cancelled late). */
  missed: number;
  /** Given and not booked yet. */
  left: number;
}

export interface PoolMoney {
  /** Paid invoices' money and lessons. */
  paidTiyn: number;
  paidLessons: number;
  /** Lessons used up (held or missed): what the company's money bought so far. */
  usedTiyn: number;
  /** Booked and not yet held: still the company's money until they are. */
  scheduledTiyn: number;
  /** Paid and not used yet (paid − used): given to employees, booked, or not given. */
  unspentTiyn: number;
}

/**
 * The company's pool as HR sees it: lessons paid for, not yet given, and per employee of the roster
 * with any: given, booked ahead, held (the room's fact, never the booking or a link), missed and
 * left; and the money: paid, used, booked ahead and still unspent. Read from the ledger (grouped sums
 * ÷ each invoice's price) and the lessons' facts. One `pool.view` audit row per look.
 */
export async function companyPool(db: Db, actor: Actor | null, companyId: number): Promise<{ paid: number; unallocated: number; employees: EmployeePool[]; money: PoolMoney }> {
  const res = await db.execute<{ account: string; kind: string; lessons: string; tiyn: string }>(sql`
    select l.account, l.kind, sum(l.amount_tiyn / i.per_lesson_tiyn)::text as lessons, sum(l.amount_tiyn)::text as tiyn
      from ledger_entries l join company_invoices i on i.id = l.company_invoice_id
     where i.company_id = ${companyId} and (l.account like 'company_balance:%' or l.account like 'employee_balance:%')
     group by l.account, l.kind`);
  let paid = 0;
  let paidTiyn = 0;
  let unallocated = 0;
  const byEmployee = new Map<number, { allocated: number; left: number; scheduled: number; held: number; missed: number }>();
  const employee = (id: number) => {
    const e = byEmployee.get(id) ?? { allocated: 0, left: 0, scheduled: 0, held: 0, missed: 0 };
    byEmployee.set(id, e);
    return e;
  };
  for (const r of rowsOf<{ account: string; kind: string; lessons: string; tiyn: string }>(res)) {
    const n = Number(r.lessons);
    if (r.account.startsWith('company_balance:')) {
      unallocated += n;
      if (r.kind === 'invoice_paid') {
        paid += n;
        paidTiyn += Number(r.tiyn);
      }
      continue;
    }
    const e = employee(Number(r.account.split(':')[1]));
    if (r.kind === 'company_allocation') e.allocated += n;
    e.left += n;
  }
  let usedTiyn = 0;
  let scheduledTiyn = 0;
  for (const l of await poolLessonsOf(db, companyId)) {
    if (l.state === 'scheduled') scheduledTiyn += l.amountTiyn;
    else usedTiyn += l.amountTiyn;
    if (l.employeeId !== null) employee(l.employeeId)[l.state] += 1;
  }
  const ids = [...byEmployee.keys()];
  const names = ids.length
    ? await db.select({ id: companyEmployees.id, lastName: companyEmployees.lastName, firstName: companyEmployees.firstName }).from(companyEmployees).where(and(eq(companyEmployees.companyId, companyId), inArray(companyEmployees.id, ids)))
    : [];
  const employees = names
    .map((n) => ({ employeeId: n.id, lastName: n.lastName, firstName: n.firstName, ...byEmployee.get(n.id)! }))
    .sort((a, b) => a.lastName.localeCompare(b.lastName, 'ru') || a.firstName.localeCompare(b.firstName, 'ru') || a.employeeId - b.employeeId);
  if (actor) await auditListView(db, actor, { action: 'pool.view', entity: 'company_employee', total: employees.length });
  return { paid, unallocated, employees, money: { paidTiyn, paidLessons: paid, usedTiyn, scheduledTiyn, unspentTiyn: paidTiyn - usedTiyn } };
}
