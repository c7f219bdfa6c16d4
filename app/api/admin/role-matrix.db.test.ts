import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import type { OpenDb } from '@/lib/db/open';
import { staff, users } from '@/lib/db/schema';
import type { Scope } from '@/lib/validations/staff-scopes';
import { openStaffSession } from '@/lib/staff/sessions';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

/**
 * Who may call what in the back office. Every route under app/api/admin/** and each method it
 * exports must be listed here: a new route missing from this table fails the suite, so no call
 * slips by unchecked.
 *  - a list of scopes: a member with any of them passes (admin passes everywhere); others get 403;
 *  - 'staff': any signed-in, enabled member, whatever their scopes;
 *  - 'public': the ways in (sign-in, enrolment by link, sign-out), open to anyone.
 * Adding a route: add its line, `'METHOD /api/admin/<path as in the file system>': [...]`.
 */
type Access = 'public' | 'staff' | readonly Scope[];
const MATRIX: Record<string, Access> = {
  'POST /api/admin/auth/login': 'public',
  'POST /api/admin/auth/logout': 'public',
  'POST /api/admin/enrol': 'public',
  'POST /api/admin/enrol/finish': 'public',
  'GET /api/admin/me': 'staff',
  'POST /api/admin/me/password': 'staff',
  'POST /api/admin/me/recovery-codes': 'staff',
  'GET /api/admin/audit': ['admin'],
  'GET /api/admin/staff': ['admin'],
  'POST /api/admin/staff': ['admin'],
  'PATCH /api/admin/staff/[id]': ['admin'],
  'POST /api/admin/staff/[id]/link': ['admin'],
  'PATCH /api/admin/staff/me/duty': ['sales'],
  // Leads (issue 12: sales)
  'GET /api/admin/leads': ['sales'],
  'GET /api/admin/leads/[id]': ['sales'],
  'GET /api/admin/leads/export.csv': ['export'],
  'GET /api/admin/leads/export.xlsx': ['export'],
  'GET /api/admin/attribution': ['sales'],
  'POST /api/admin/leads/[id]/status': ['sales'],
  'POST /api/admin/leads/[id]/assign': ['sales'],
  'POST /api/admin/leads/[id]/notes': ['sales'],
  // Tutor applications (reviewer)
  'GET /api/admin/trials': ['reviewer', 'sales'],
  'GET /api/admin/trials/[id]': ['reviewer', 'sales'],
  'PUT /api/admin/trials/[id]/company': ['sales'],
  'GET /api/admin/applications': ['reviewer'],
  'GET /api/admin/applications/[id]': ['reviewer'],
  'POST /api/admin/applications/[id]/start': ['reviewer'],
  'POST /api/admin/applications/[id]/approve': ['reviewer'],
  'POST /api/admin/applications/[id]/reject': ['reviewer'],
  'POST /api/admin/applications/[id]/changes': ['reviewer'],
  'GET /api/admin/applications/[id]/documents/[docId]': ['reviewer'],
  // Tutor profiles (issue 14: reviewer)
  'GET /api/admin/profiles': ['reviewer'],
  'POST /api/admin/profiles/[id]/approve': ['reviewer'],
  'POST /api/admin/profiles/[id]/reject': ['reviewer'],
  // Accounts, companies, tests, certificates, promo codes: sales read, admin changes
  'GET /api/admin/accounts': ['sales'],
  'GET /api/admin/accounts/[id]': ['sales'],
  'POST /api/admin/accounts/[id]/block': ['admin'],
  'POST /api/admin/accounts/[id]/unblock': ['admin'],
  'GET /api/admin/companies': ['sales'],
  'POST /api/admin/companies': ['admin'],
  'GET /api/admin/companies/[id]': ['sales'],
  'PATCH /api/admin/companies/[id]': ['admin'],
  // A company's HR users (issue 13: corporate portal): admin and sales create and manage them
  'GET /api/admin/companies/[id]/hr-users': ['sales'],
  'POST /api/admin/companies/[id]/hr-users': ['admin'],
  'PATCH /api/admin/companies/[id]/hr-users/[userId]': ['admin'],
  'GET /api/admin/tests': ['sales'],
  'POST /api/admin/tests/attempts/[id]/annul': ['admin'],
  'POST /api/admin/certificates/[id]/revoke': ['admin'],
  'GET /api/admin/promo': ['sales'],
  'POST /api/admin/promo': ['admin'],
  'GET /api/admin/promo/[id]': ['sales'],
  'PATCH /api/admin/promo/[id]': ['admin'],
  // Finance (issue 24: payments, refunds, the payout register, revenue, reconciliation)
  'GET /api/admin/finance/payments': ['finance'],
  'GET /api/admin/finance/payments/[id]': ['finance'],
  'GET /api/admin/finance/refunds': ['finance'],
  'POST /api/admin/finance/refunds/[id]/approve': ['finance'],
  'POST /api/admin/finance/refunds/[id]/reject': ['finance'],
  'GET /api/admin/finance/lessons': ['finance'],
  'POST /api/admin/finance/lessons/[id]/earned': ['finance'],
  'POST /api/admin/finance/lessons/[id]/returned': ['finance'],
  'GET /api/admin/finance/payouts': ['finance'],
  'POST /api/admin/finance/payouts/[month]/approve': ['finance'],
  'GET /api/admin/finance/payouts/[month]/export.csv': ['finance'],
  'GET /api/admin/finance/payouts/[month]/export.xlsx': ['finance'],
  'POST /api/admin/finance/payouts/[month]/paid': ['finance'],
  'GET /api/admin/finance/revenue': ['finance'],
  'POST /api/admin/finance/reconciliation': ['finance'],
  // Company lesson pools: invoices paid by bank transfer
  'GET /api/admin/finance/invoices': ['finance'],
  'POST /api/admin/finance/invoices/[id]/paid': ['finance'],
  'POST /api/admin/finance/invoices/[id]/cancel': ['finance'],
  // Companies' pools in money, their acts of completed work and reconciliation statements
  'GET /api/admin/finance/companies': ['finance'],
  'GET /api/admin/finance/companies/[id]/act': ['finance'],
  'GET /api/admin/finance/companies/[id]/reconciliation': ['finance'],
  // Groups (issue 33: sales runs them)
  'GET /api/admin/groups': ['sales'],
  'POST /api/admin/groups': ['sales'],
  'PUT /api/admin/groups/[id]': ['sales'],
  'POST /api/admin/groups/[id]/open': ['sales'],
  'POST /api/admin/groups/[id]/cancel': ['sales'],
  'POST /api/admin/groups/[id]/merge': ['sales'],
  'POST /api/admin/groups/seats/[id]/move': ['sales'],
  'POST /api/admin/groups/lessons/[id]/cancel': ['sales'],
  'POST /api/admin/groups/lessons/[id]/move': ['sales'],
  'PUT /api/admin/groups/tutors/[id]': ['sales'],
  // The course library (issue 34: methodologists write, review and publish courses)
  'GET /api/admin/library/courses': ['methodologist'],
  'POST /api/admin/library/courses': ['methodologist'],
  'GET /api/admin/library/courses/[id]': ['methodologist'],
  'PUT /api/admin/library/courses/[id]': ['methodologist'],
  'POST /api/admin/library/courses/[id]/units': ['methodologist'],
  'PUT /api/admin/library/courses/[id]/units/order': ['methodologist'],
  'POST /api/admin/library/courses/[id]/submit': ['methodologist'],
  'POST /api/admin/library/courses/[id]/publish': ['methodologist'],
  'GET /api/admin/library/courses/[id]/export': ['methodologist'],
  'GET /api/admin/library/units/[id]': ['methodologist'],
  'PUT /api/admin/library/units/[id]': ['methodologist'],
  'POST /api/admin/library/units/[id]/archive': ['methodologist'],
  'POST /api/admin/library/import': ['methodologist'],
  'POST /api/admin/library/audio': ['methodologist'],
  'POST /api/admin/library/images': ['methodologist'],
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const ROOT = path.join(process.cwd(), 'app/api/admin');
/** Every route file under app/api/admin, as its URL pattern ("/api/admin/staff/[id]"). */
const ROUTE_FILES = (readdirSync(ROOT, { recursive: true }) as string[])
  .filter((f) => f.split(path.sep).pop() === 'route.ts')
  .map((f) => ({ file: path.join(ROOT, f), pattern: `/api/admin/${path.dirname(f).split(path.sep).join('/')}`.replace(/\/\.$/, '') }))
  .sort((a, b) => a.pattern.localeCompare(b.pattern));

/** A path for the pattern: every dynamic segment names a record that does not exist. */
const concrete = (pattern: string) => pattern.replace(/\[(?:\.\.\.)?\w+\]/g, '999999');
const paramsOf = (pattern: string) => Object.fromEntries([...pattern.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => [m[1]!, '999999']));

type Role = 'signedOut' | 'student' | 'sales' | 'exporter' | 'reviewer' | 'finance' | 'methodologist' | 'admin' | 'disabled';
const ROLES: Role[] = ['signedOut', 'student', 'sales', 'exporter', 'reviewer', 'finance', 'methodologist', 'admin', 'disabled'];
// A seller without the export permission, and one with it (exporting is a permission of its own).
const SCOPES_OF: Partial<Record<Role, Scope[]>> = { sales: ['sales'], exporter: ['sales', 'export'], reviewer: ['reviewer'], finance: ['finance'], methodologist: ['methodologist'], admin: ['admin'] };

describe(`the back office's role × call matrix (${dbLabel()})`, () => {
  let t: OpenDb;
  const cookies: Partial<Record<Role, string>> = {};
  const ids: Partial<Record<Role, number>> = {};
  let studentToken = '';
  let studentCookie = '';

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    for (const role of ['sales', 'exporter', 'reviewer', 'finance', 'methodologist', 'admin'] as const) {
      const member = await enrolledStaff(t.db, { email: `${role}@matrix.kz`, scopes: SCOPES_OF[role]! });
      cookies[role] = member.cookie;
      ids[role] = member.id;
    }
    // A disabled member whose session cookie is still in the browser: both admin and sales once.
    const gone = await enrolledStaff(t.db, { email: 'gone@matrix.kz', scopes: ['admin', 'sales', 'reviewer', 'finance'] });
    await t.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, gone.id));
    cookies.disabled = gone.cookie;
    // A student signed in on the site: an access token and the refresh cookie.
    const [student] = await t.db.insert(users).values({ role: 'student', name: 'Dana', lastname: 'Ospan', phone: '+77015550101', passwordHash: 'x' }).returning();
    const session = await openSession(t.db, student!);
    studentToken = session.accessToken;
    studentCookie = `tilmen_rt=${session.refreshToken}; auth=1`;
  });
  afterAll(() => t.close());

  it('finds the routes on disk, and every route and method is in the matrix', async () => {
    expect(ROUTE_FILES.length).toBeGreaterThanOrEqual(10);
    const found: string[] = [];
    for (const r of ROUTE_FILES) {
      const mod = (await import(r.file)) as Record<string, unknown>;
      for (const m of METHODS) if (typeof mod[m] === 'function') found.push(`${m} ${r.pattern}`);
    }
    const missing = found.filter((k) => !(k in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !found.includes(k));
    expect(missing, `add the new route to the matrix in ${path.basename(__filename)}`).toEqual([]);
    expect(stale, 'these matrix entries name no route: remove them').toEqual([]);
  });

  for (const r of ROUTE_FILES) {
    it(`${r.pattern}: each role gets what the matrix says`, async () => {
      const mod = (await import(r.file)) as Record<string, unknown>;
      for (const method of METHODS) {
        const handler = mod[method];
        if (typeof handler !== 'function') continue;
        const key = `${method} ${r.pattern}`;
        const access = MATRIX[key];
        if (access === undefined) continue; // reported by the test above
        for (const role of ROLES) {
          const req = staffRequest(concrete(r.pattern), {
            method,
            body: method === 'GET' || method === 'HEAD' ? undefined : {},
            cookie: role === 'student' ? studentCookie : cookies[role],
            locale: 'en',
          });
          if (role === 'student') req.headers.set('authorization', `Bearer ${studentToken}`);
          const res = await call(handler, req, paramsOf(r.pattern));
          const where = `${key} as ${role}: ${res.status}`;
          expect(res.status, where).toBeLessThan(500);
          if (access === 'public') {
            expect([401, 403], where).not.toContain(res.status);
            // Sign-out ends the session it was sent with: the member signs in again for the next calls.
            if (ids[role]) cookies[role] = `tilmen_staff=${await openStaffSession(t.db, ids[role], 'test')}`;
            continue;
          }
          if (role === 'signedOut' || role === 'student' || role === 'disabled') {
            expect(res.status, where).toBe(401);
            expect(((await res.json()) as { error: { code: string } }).error.code, where).toBe('unauthorized');
            continue;
          }
          const allowed = access === 'staff' || role === 'admin' || access.some((s) => SCOPES_OF[role]!.includes(s));
          if (allowed) expect([401, 403], where).not.toContain(res.status);
          else {
            expect(res.status, where).toBe(403);
            expect(((await res.json()) as { error: { code: string; message: string } }).error, where).toMatchObject({ code: 'forbidden', message: expect.any(String) });
          }
        }
      }
    });
  }
});
