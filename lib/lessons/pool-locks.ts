import 'server-only';
// The locks of a company's lesson pool (docs/payments.md, "Company lesson pools"), always taken in
// one order, so no two changes of a pool wait on each other: the lessons' rows (a booking's cancel,
// the room's settle, a staff link), then the employee's roster row (every change of an employee's
// lessons: a booking's spend, a lesson given back, an allocation, the employee leaving), then the
// company's row (every change of the company's unallocated lessons). Each sum is read after its
// lock, so parallel bookings, allocations and a leaving employee never spend a lesson twice.
import { eq, sql } from 'drizzle-orm';
import { companyEmployees, companyInvoices } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import type { Db } from '@/lib/db/types';
import { ACCOUNTS } from '@/lib/money/ledger';

export const POOL_LOCKS = ['lessons', 'company_employees', 'companies'] as const;

/** The roster row locked for this transaction (of this company when `companyId` is given), or null when it is gone. */
export async function lockEmployee(tx: Db, employeeId: number, companyId?: number): Promise<{ id: number; companyId: number } | null> {
  const rows = rowsOf<{ id: number; company_id: number }>(
    await tx.execute(sql`select id, company_id from ${companyEmployees} where ${companyEmployees.id} = ${employeeId} ${companyId === undefined ? sql`` : sql`and ${companyEmployees.companyId} = ${companyId}`} for update`),
  );
  return rows[0] ? { id: Number(rows[0].id), companyId: Number(rows[0].company_id) } : null;
}

/**
 * Where a pool lesson given back goes: to the employee it was spent from while they are on the
 * roster (their row locked), else to their company's unallocated pool (the employee left: their
 * lessons went back to the company, and so does this one, never to an account nobody can reach).
 */
export async function poolReturnAccount(tx: Db, spentFrom: string, invoiceId: number): Promise<string> {
  const employeeId = Number(spentFrom.split(':')[1]);
  if (await lockEmployee(tx, employeeId)) return spentFrom;
  const [invoice] = await tx.select({ companyId: companyInvoices.companyId }).from(companyInvoices).where(eq(companyInvoices.id, invoiceId)).limit(1);
  return ACCOUNTS.companyBalance(invoice!.companyId);
}
