import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { companyRequest, hrUser, insertCompany } from '@/test/company';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

/**
 * M5 (penetration test): every list that shows personal data writes an audit row when staff or an
 * HR person views it, as the lead list always did: who, which list, the filter, how many matched.
 */
describe(`views of personal-data lists are audited (${dbLabel()})`, () => {
  let t: OpenDb;
  let accounts: unknown, tests: unknown, applications: unknown, hrUsers: unknown, employees: unknown, audit: unknown;
  let companyId: number;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    accounts = (await import('./accounts/route')).GET;
    tests = (await import('./tests/route')).GET;
    applications = (await import('./applications/route')).GET;
    hrUsers = (await import('./companies/[id]/hr-users/route')).GET;
    employees = (await import('../company/employees/route')).GET;
    audit = (await import('./audit/route')).GET;
    companyId = await insertCompany(t.db, 'audited', 'ТОО «Аудит»');
  });
  afterAll(() => t.close());

  const lastRow = async (action: string) => (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  it('accounts, test takers, the application queue and a company’s HR people, by staff', async () => {
    const sales = await enrolledStaff(t.db, { email: 'sales-audit@school.kz', scopes: ['sales'] });
    const reviewer = await enrolledStaff(t.db, { email: 'rev-audit@school.kz', scopes: ['reviewer'] });
    const cases: [unknown, string, string, Record<string, string>, string][] = [
      [accounts, '/api/admin/accounts?q=Ай&role=student', sales.cookie, {}, 'account.list'],
      [tests, '/api/admin/tests?level=B1', sales.cookie, {}, 'attempt.list'],
      [applications, '/api/admin/applications?status=open', reviewer.cookie, {}, 'application.list'],
      [hrUsers, `/api/admin/companies/${companyId}/hr-users`, sales.cookie, { id: String(companyId) }, 'company_user.list'],
    ];
    for (const [handler, path, cookie, params, action] of cases) {
      const res = await call(handler, staffRequest(path, { cookie }), params);
      expect(res.status, path).toBe(200);
      const row = await lastRow(action);
      expect(row, action).toMatchObject({ actorKind: 'staff', action });
      expect(row!.after).toMatchObject({ total: expect.any(Number) });
    }
    expect((await lastRow('account.list'))!.after).toMatchObject({ filter: { q: 'Ай', role: 'student' } });
    expect((await lastRow('company_user.list'))!.entityId).toBe(String(companyId));
  });

  it('the roster, by the HR person (actor kind company)', async () => {
    const hr = await hrUser(t.db, { companyId, email: 'hr-audit@audit.kz', phone: '+77011119911' });
    const res = await call(employees, companyRequest('/api/company/employees?q=Бек', { cookie: hr.cookie }));
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'employee.list'), eq(auditLog.actorKind, 'company')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ actorId: hr.id, after: { filter: { q: 'Бек' }, total: 0 } });
  });

  it('a NUL in a search box is a 4xx, never a 500 (L7)', async () => {
    const admin = await enrolledStaff(t.db, { email: 'admin-nul@school.kz', scopes: ['admin'] });
    const leads = (await import('./leads/route')).GET;
    const leadExport = (await import('./leads/export.csv/route')).GET;
    for (const [handler, p] of [
      [leads, '/api/admin/leads?q=a%00b'],
      [leadExport, '/api/admin/leads/export.csv?q=%00'],
      [applications, '/api/admin/applications?q=%00'],
      [accounts, '/api/admin/accounts?q=%00'],
      [tests, '/api/admin/tests?q=%00'],
    ] as const) {
      const res = await call(handler, staffRequest(p, { cookie: admin.cookie }));
      expect(res.status, p).toBe(422);
    }
    const hr = await hrUser(t.db, { companyId, email: 'hr-nul@audit.kz', phone: '+77011119933' });
    expect((await call(employees, companyRequest('/api/company/employees?q=%00', { cookie: hr.cookie }))).status).toBe(422);
  });

  it('the log’s actor filter names a staff member, never the HR person with the same number (L5)', async () => {
    const admin = await enrolledStaff(t.db, { email: 'admin-audit@school.kz', scopes: ['admin'] });
    const hr = await hrUser(t.db, { companyId, email: 'hr2-audit@audit.kz', phone: '+77011119922' });
    await call(employees, companyRequest('/api/company/employees', { cookie: hr.cookie }));
    const read = async (q: string) =>
      ((await (await call(audit, staffRequest(`/api/admin/audit?${q}`, { cookie: admin.cookie }))).json()) as { rows: { actorKind: string; actorId: number }[] }).rows;
    const asStaff = await read(`actor=${hr.id}`);
    expect(asStaff.every((r) => r.actorKind === 'staff' && r.actorId === hr.id)).toBe(true);
    const asHr = await read(`actor=${hr.id}&actorKind=company`);
    expect(asHr.length).toBeGreaterThan(0);
    expect(asHr.every((r) => r.actorKind === 'company' && r.actorId === hr.id)).toBe(true);
  });
});
