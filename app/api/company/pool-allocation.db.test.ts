import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@/lib/audit/log';
import { companies, companyEmployees } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { removeEmployee } from '@/lib/company-portal/roster';
import { allocateLessons, companyPool, createInvoice, markInvoicePaid } from '@/lib/payments/company-pools';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { hrUser, insertCompany } from '@/test/company';

/**
 * The pool never goes below zero: twenty parallel allocations of one lesson on a pool holding
 * exactly one give it once (the company's row locked in each allocation's transaction). Runs on
 * PostgreSQL too (test/postgres-pass.txt), where the twenty really meet on the lock.
 */
describe(`company lesson pool: parallel allocations on the last lesson (${dbLabel()})`, () => {
  let t: OpenDb;
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
  });
  afterAll(() => t.close());

  const fin: Actor = { kind: 'staff', id: 1, label: 'finance@school.kz', ipHash: 'test' };
  /** A company with its BIN (invoices need it) and one HR person. */
  async function companyWithHr(slug: string, name: string, email: string, phone: string) {
    const companyId = await insertCompany(t.db, slug, name);
    await t.db.update(companies).set({ bin: '990140000385' }).where(eq(companies.id, companyId));
    const person = await hrUser(t.db, { companyId, email, phone });
    const hr: Actor = { kind: 'company', id: person.id, label: email, ipHash: 'test' };
    return { companyId, person, hr };
  }

  it('20 parallel allocations of the last lesson: one succeeds, 19 get company_pool_empty, the ledger sums to zero', async () => {
    const { companyId, person, hr } = await companyWithHr('parallel-pool', 'ТОО «Параллель»', 'hr@parallel.kz', '+77011115601');
    const employees = await t.db
      .insert(companyEmployees)
      .values(Array.from({ length: 20 }, (_, i) => ({ companyId, lastName: `Сотрудник${i}`, firstName: 'Әлия', iinHash: `par-${i}`, iinLast4: '0017', iinSealed: 'x', positionCode: 'P' })))
      .returning({ id: companyEmployees.id });
    const invoice = await createInvoice(t.db, hr, { companyId, userId: person.id, locale: 'ru' }, 10);
    await markInvoicePaid(t.db, fin, invoice.id, { paidOn: '2026-03-15', paymentOrder: '1' });
    await allocateLessons(t.db, hr, companyId, { employeeId: employees[0]!.id, lessons: 9 });
    const results = await Promise.allSettled(employees.map((e) => allocateLessons(t.db, hr, companyId, { employeeId: e.id, lessons: 1 })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('company_pool_empty');
    expect(await balance(t.db, ACCOUNTS.companyBalance(companyId))).toBe(0);
    let given = 0;
    for (const e of employees) given += await balance(t.db, ACCOUNTS.employeeBalance(e.id));
    expect(given).toBe(invoice.amountTiyn);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });

  it("an employee leaving the roster gives their unspent lessons back to the company's pool", async () => {
    const { companyId, person, hr } = await companyWithHr('leaving-pool', 'ТОО «Кету»', 'hr@leaving.kz', '+77011115602');
    const [stays, leaves] = await t.db
      .insert(companyEmployees)
      .values(['Қалады', 'Кетеді'].map((lastName, i) => ({ companyId, lastName, firstName: 'Дана', iinHash: `leave-${i}`, iinLast4: '0017', iinSealed: 'x', positionCode: 'P' })))
      .returning({ id: companyEmployees.id });
    const invoice = await createInvoice(t.db, hr, { companyId, userId: person.id, locale: 'ru' }, 10);
    await markInvoicePaid(t.db, fin, invoice.id, { paidOn: '2026-03-15', paymentOrder: '2' });
    await allocateLessons(t.db, hr, companyId, { employeeId: stays!.id, lessons: 3 });
    await allocateLessons(t.db, hr, companyId, { employeeId: leaves!.id, lessons: 5 });
    expect((await companyPool(t.db, hr, companyId)).unallocated).toBe(2);

    expect(await removeEmployee(t.db, hr, companyId, leaves!.id)).toEqual({ removed: true, lessonsReturned: 5, lessonsCancelled: 0 });
    const pool = await companyPool(t.db, hr, companyId);
    expect(pool.unallocated).toBe(7);
    expect(pool.employees.map((e) => [e.employeeId, e.left])).toEqual([[stays!.id, 3]]);
    expect(await balance(t.db, ACCOUNTS.employeeBalance(leaves!.id))).toBe(0);
    // Given again to someone else.
    await allocateLessons(t.db, hr, companyId, { employeeId: stays!.id, lessons: 7 });
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
