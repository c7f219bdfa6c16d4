import 'server-only';
// The double-entry ledger (docs/payments.md, "The ledger"): a money move is one transaction of rows
// summing to zero, written in the caller's database transaction (the migration's deferred trigger
// refuses any other commit). A balance is a sum of rows; nothing stores a total.
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ledgerEntries } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

export const ACCOUNTS = {
  providerClearing: 'provider_clearing',
  schoolRevenue: 'school_revenue',
  refundsDue: 'refunds_due',
  studentBalance: (userId: number) => `student_balance:${userId}`,
  tutorPayable: (userId: number) => `tutor_payable:${userId}`,
  /** The school's bank account tutors' payouts leave from (a payout adds to it what it takes from each tutor's payable). */
  payoutsBank: 'payouts_bank',
  /** The school's settlement account company invoices are paid into by bank transfer. */
  bankTransfers: 'bank_transfers',
  /** A company's paid, not yet allocated lesson pool; an employee's allocated, not yet spent lessons. */
  companyBalance: (companyId: number) => `company_balance:${companyId}`,
  employeeBalance: (employeeId: number) => `employee_balance:${employeeId}`,
  /** A company's paid money for the seats of its closed groups, not on a seat (its groups' invoices; apart from the pool). */
  companyGroups: (companyId: number) => `company_groups:${companyId}`,
  /** A corporate group seat's money: its lessons not yet spent. */
  groupSeat: (seatId: number) => `group_seat:${seatId}`,
} as const;

export type LedgerKind = 'payment' | 'lesson_spent' | 'lesson_returned' | 'tutor_earning' | 'refund' | 'refund_paid' | 'refund_rejected' | 'plan_adjustment' | 'payout' | 'invoice_paid' | 'company_allocation' | 'company_allocation_returned' | 'company_lesson_spent' | 'company_lesson_returned'
  // A corporate group's seats (docs/payments.md "Group seats"): the company's group money onto a seat (or a moved seat's onto its new one), a lesson spent from a seat, a seat's money back to the company.
  | 'company_group_seat' | 'company_group_lesson' | 'company_group_returned'
  // Tutor chat help (docs/chat-help.md): a reply's blocks from the student's balance to revenue, and the tutor's share of them.
  | 'chat_spent' | 'chat_earning';

export interface Leg {
  account: string;
  amountTiyn: number;
}

/** Posts one balanced transaction; throws before writing when the legs do not sum to zero. Returns its id. */
export async function post(tx: Db, kind: LedgerKind, legs: Leg[], refs: { orderId?: number; packageId?: number; lessonId?: number; payoutRegisterId?: number; companyInvoiceId?: number } = {}): Promise<string> {
  if (legs.length < 2 || legs.some((l) => !Number.isSafeInteger(l.amountTiyn) || l.amountTiyn === 0)) throw new Error('a ledger transaction has two or more non-zero whole-tiyn legs');
  if (legs.reduce((s, l) => s + l.amountTiyn, 0) !== 0) throw new Error('a ledger transaction sums to zero');
  const txnId = randomUUID();
  await tx.insert(ledgerEntries).values(legs.map((l) => ({ txnId, account: l.account, amountTiyn: l.amountTiyn, kind, orderId: refs.orderId ?? null, packageId: refs.packageId ?? null, lessonId: refs.lessonId ?? null, payoutRegisterId: refs.payoutRegisterId ?? null, companyInvoiceId: refs.companyInvoiceId ?? null })));
  return txnId;
}

/**
 * An account's balance as SQL, for a column or a condition of a bigger query (the one sum every
 * balance is: `coalesce(sum(amount), 0)` over the account's rows), optionally narrowed to some of its
 * rows (one package's, one lesson's, a period's). A string: Postgres sums to a bigint.
 */
export function balanceOf(account: string, ...narrow: SQL[]): SQL<string> {
  return sql<string>`coalesce((select sum(${ledgerEntries.amountTiyn}) from ${ledgerEntries} where ${and(eq(ledgerEntries.account, account), ...narrow)}), 0)`;
}

/** An account's balance, in tiyn: of all its rows, of one package's (a number), or of the rows a condition narrows to. */
export async function balance(db: Db, account: string, narrow?: number | SQL): Promise<number> {
  const only = narrow === undefined ? [] : [typeof narrow === 'number' ? eq(ledgerEntries.packageId, narrow) : narrow];
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountTiyn}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, account), ...only));
  return Number(row?.sum ?? 0);
}

/** An account's balance per company invoice (rows without an invoice are not counted), oldest invoice first, positive only. */
export async function invoiceBalances(db: Db, account: string): Promise<{ invoiceId: number; tiyn: number }[]> {
  const rows = await db
    .select({ invoiceId: ledgerEntries.companyInvoiceId, sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, account), sql`${ledgerEntries.companyInvoiceId} is not null`))
    .groupBy(ledgerEntries.companyInvoiceId)
    .orderBy(ledgerEntries.companyInvoiceId);
  return rows.map((r) => ({ invoiceId: r.invoiceId!, tiyn: Number(r.sum) })).filter((r) => r.tiyn > 0);
}

/**
 * Moves `amountTiyn` from one account to another invoice by invoice, oldest first (one transaction per
 * invoice, its id on the rows), as the money came in; throws before writing when `from` holds less.
 * The caller holds the lock that makes `from`'s balance true. Returns the invoices used.
 */
export async function moveByInvoice(tx: Db, kind: LedgerKind, from: string, to: string, amountTiyn: number, refs: { lessonId?: number } = {}): Promise<{ invoiceId: number; tiyn: number }[]> {
  if (amountTiyn <= 0) return [];
  const held = await invoiceBalances(tx, from);
  if (held.reduce((s, h) => s + h.tiyn, 0) < amountTiyn) throw new Error(`${from} holds less than ${amountTiyn}`);
  const used: { invoiceId: number; tiyn: number }[] = [];
  let need = amountTiyn;
  for (const h of held) {
    if (need === 0) break;
    const n = Math.min(need, h.tiyn);
    await post(tx, kind, [{ account: from, amountTiyn: -n }, { account: to, amountTiyn: n }], { ...refs, companyInvoiceId: h.invoiceId });
    used.push({ invoiceId: h.invoiceId, tiyn: n });
    need -= n;
  }
  return used;
}

/** The sum of every row: zero, always (the check after every e2e run and the kill -9 check). */
export async function ledgerTotal(db: Db): Promise<{ total: number; unbalancedTxns: number }> {
  const [t] = await db.select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountTiyn}), 0)` }).from(ledgerEntries);
  const bad = await db.execute<{ n: string }>(sql`select count(*)::text as n from (select txn_id from ledger_entries group by txn_id having sum(amount_tiyn) <> 0) x`);
  const rows = (bad as unknown as { rows?: { n: string }[] }).rows ?? (bad as unknown as { n: string }[]);
  return { total: Number(t?.sum ?? 0), unbalancedTxns: Number(rows[0]?.n ?? 0) };
}
