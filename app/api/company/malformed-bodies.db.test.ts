import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { sealIin } from '@/lib/company-portal/roster';
import { companyEmployees } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { hrUser, insertCompany } from '@/test/company';
import { jsonRequest } from '@/test/http';
import { nasty, sweep } from '@/test/malformed';
import { call, enrolledStaff } from '@/test/staff';

// The malformed-body sweep (test/malformed.ts) over the portal's calls and the back office's HR-user
// calls, each signed in as who may make it, so the bodies reach the checks behind the guard.

const code = fc.oneof(nasty(), fc.constantFrom('123456', '123 456', '12345', 'abcdef'));
const token = fc.oneof(nasty(), fc.constantFrom('a'.repeat(43), 'short', '../x'));
const loginBody = fc.record(
  { email: fc.oneof(nasty(), fc.constantFrom('hr@sweep.kz', 'HR@SWEEP.kz', 'not-an-email')), password: fc.oneof(nasty(), fc.constant('Sweep-Passw0rd')), code, method: fc.oneof(nasty(), fc.constantFrom('sms', 'totp', 'fax')) },
  { requiredKeys: [] },
);
const setPasswordBody = fc.record({ token, password: fc.oneof(nasty(), fc.constant('New-Steppe-2026')), confirm: fc.oneof(nasty(), fc.constant('New-Steppe-2026')) }, { requiredKeys: [] });
const hrCreateBody = fc.record(
  {
    name: fc.oneof(nasty(), fc.constant('Динара Ахметова')),
    email: fc.oneof(nasty(), fc.constantFrom('new-hr@sweep.kz', 'bad')),
    phone: fc.oneof(nasty(), fc.constantFrom('+7 701 555 00 11', '+7 916 555 00 11', '123')),
    locale: fc.oneof(nasty(), fc.constantFrom('ru', 'kk', 'en', 'de')),
  },
  { requiredKeys: [] },
);
const employeeBody = fc.record(
  {
    lastName: fc.oneof(nasty(), fc.constant('Сәрсенова')),
    firstName: fc.oneof(nasty(), fc.constant('Әйгерім')),
    iin: fc.oneof(nasty(), fc.constantFrom('900101300017', '061211600012', '900101300018', '61211600012', 'ЖСН')),
    positionCode: fc.oneof(nasty(), fc.constant('HR-1')),
    department: fc.oneof(nasty(), fc.constant(null)),
    phone: fc.oneof(nasty(), fc.constantFrom('+7 701 555 00 11', '+7 916 555 00 11', '', null)),
    email: fc.oneof(nasty(), fc.constantFrom('a@b.kz', 'bad', '', null)),
    locale: fc.oneof(nasty(), fc.constantFrom('ru', 'kk', 'de')),
  },
  { requiredKeys: [] },
);
const invitationsBody = fc.record(
  {
    employeeIds: fc.oneof(nasty(), fc.constant([1]), fc.array(fc.integer())),
    channels: fc.oneof(nasty(), fc.constantFrom(['sms'], ['email', 'sms'], ['fax'], [])),
    deadline: fc.oneof(nasty(), fc.constantFrom('2099-01-01', '2020-01-01', 'tomorrow', new Date(Date.now() + 7 * 86_400_000).toISOString())),
  },
  { requiredKeys: [] },
);
const fullExportBody = fc.record(
  {
    format: fc.oneof(nasty(), fc.constantFrom('xlsx', 'csv', 'pdf')),
    confirm: fc.oneof(nasty(), fc.constantFrom(true, false, 'yes')),
    lang: fc.oneof(nasty(), fc.constantFrom('ru', 'kk', 'de')),
    filter: fc.oneof(nasty(), fc.record({ status: fc.oneof(nasty(), fc.constantFrom('finished', 'lost')), from: fc.oneof(nasty(), fc.constantFrom('2026-01-01', '2026-13-45')), q: nasty() }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
);
const poolOrderBody = fc.record({ lessons: fc.oneof(nasty(), fc.constantFrom(10, 9, 1000, 1001, 12.5, -1)) }, { requiredKeys: [] });
const poolAllocationBody = fc.record({ employeeId: fc.oneof(nasty(), fc.constantFrom(1, 0, -1, 2 ** 40)), lessons: fc.oneof(nasty(), fc.constantFrom(1, 0, 1000, 1001, 1.5)) }, { requiredKeys: [] });
const groupInvoiceBody = fc.record({ seats: fc.oneof(nasty(), fc.constantFrom(1, 0, 6, 7, 1.5, -1)) }, { requiredKeys: [] });
const groupEmployeeBody = fc.record({ employeeId: fc.oneof(nasty(), fc.constantFrom(1, 0, -1, 2 ** 40)) }, { requiredKeys: [] });
const hrPatchBody = fc.record({ disabled: fc.oneof(nasty(), fc.boolean()), resendLink: fc.oneof(nasty(), fc.constant(true)) }, { requiredKeys: [] });

describe(`company portal calls: malformed bodies never cause a 5xx (${dbLabel()})`, () => {
  let t: OpenDb;
  let staffCookie = '';
  let hrCookie = '';
  let companyId = 0;
  let hrId = 0;
  let employeeId = 0;
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    staffCookie = (await enrolledStaff(t.db, { email: 'sweep-sales@school.kz', scopes: ['sales'] })).cookie;
    companyId = await insertCompany(t.db, 'sweep');
    const hr = await hrUser(t.db, { companyId, email: 'hr@sweep.kz', phone: '+77015550011', password: 'Sweep-Passw0rd' });
    hrCookie = hr.cookie;
    hrId = hr.id;
    const [employee] = await t.db
      .insert(companyEmployees)
      .values({ companyId, lastName: 'Сәрсенова', firstName: 'Әйгерім', iinHash: 'sweep', iinLast4: '0012', iinSealed: sealIin('061211600012'), positionCode: 'HR-1' })
      .returning();
    employeeId = employee!.id;
  });
  afterAll(() => t.close());

  const as = (cookie: () => string, handler: unknown, params: () => Record<string, string> = () => ({}), method?: string) => (req: ReturnType<typeof jsonRequest>) => {
    const headers = new Headers(req.headers);
    headers.set('cookie', cookie());
    headers.set('origin', 'http://localhost');
    return call(handler, new NextRequest(req, { headers, method: method ?? req.method }), params());
  };
  const anon = (handler: unknown) => as(() => '', handler);

  const routes: [string, string, string, (mod: Record<string, unknown>) => (req: ReturnType<typeof jsonRequest>) => Promise<Response>, fc.Arbitrary<unknown>][] = [
    ['/api/company/auth/login', './auth/login/route', 'POST', (m) => anon(m.POST), loginBody],
    ['/api/company/password/open', './password/open/route', 'POST', (m) => anon(m.POST), fc.record({ token }, { requiredKeys: [] })],
    ['/api/company/password/set', './password/set/route', 'POST', (m) => anon(m.POST), setPasswordBody],
    ['/api/company/totp/confirm', './totp/confirm/route', 'POST', (m) => as(() => hrCookie, m.POST), fc.record({ code }, { requiredKeys: [] })],
    ['/api/company/employees', './employees/route', 'POST', (m) => as(() => hrCookie, m.POST), employeeBody],
    ['/api/company/results/export', './results/export/route', 'POST', (m) => as(() => hrCookie, m.POST), fullExportBody],
    ['/api/company/employees/[id]', './employees/[id]/route', 'PATCH', (m) => as(() => hrCookie, m.PATCH, () => ({ id: String(employeeId) }), 'PATCH'), employeeBody],
    ['/api/company/invitations', './invitations/route', 'POST', (m) => as(() => hrCookie, m.POST), invitationsBody],
    ['/api/company/invoices', './invoices/route', 'POST', (m) => as(() => hrCookie, m.POST), poolOrderBody],
    ['/api/company/pool/allocations', './pool/allocations/route', 'POST', (m) => as(() => hrCookie, m.POST), poolAllocationBody],
    ['/api/company/groups/[id]/invoice', './groups/[id]/invoice/route', 'POST', (m) => as(() => hrCookie, m.POST, () => ({ id: '1' })), groupInvoiceBody],
    ['/api/company/groups/[id]/enrol', './groups/[id]/enrol/route', 'POST', (m) => as(() => hrCookie, m.POST, () => ({ id: '1' })), groupEmployeeBody],
    ['/api/company/groups/[id]/unenrol', './groups/[id]/unenrol/route', 'POST', (m) => as(() => hrCookie, m.POST, () => ({ id: '1' })), groupEmployeeBody],
    ['/api/company/settings', './settings/route', 'PATCH', (m) => as(() => hrCookie, m.PATCH, () => ({}), 'PATCH'), fc.record({ rosterOnly: fc.oneof(nasty(), fc.boolean()) }, { requiredKeys: [] })],
    ['/api/admin/companies/[id]/hr-users', '../admin/companies/[id]/hr-users/route', 'POST', (m) => as(() => staffCookie, m.POST, () => ({ id: String(companyId) })), hrCreateBody],
    [
      '/api/admin/companies/[id]/hr-users/[userId]',
      '../admin/companies/[id]/hr-users/[userId]/route',
      'PATCH',
      (m) => as(() => staffCookie, m.PATCH, () => ({ id: String(companyId), userId: String(hrId) }), 'PATCH'),
      hrPatchBody,
    ],
  ];

  for (const [path, module, method, wrap, shaped] of routes) {
    it(`${method} ${path}: shaped, arbitrary JSON and raw bodies`, async () => {
      const handler = wrap((await import(module)) as Record<string, unknown>);
      await sweep(path, handler, shaped);
    }, 240_000);
  }
});
