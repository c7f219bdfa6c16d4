import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every page of the back office and of the company portal checks who is asking, on the server, as
 * its first step: a staff page calls `requireStaffPage` with the scopes listed here, a portal page
 * `requireCompanyPage`. The pages are read from the disk (as the API's role matrix reads the
 * routes): a new page missing from the table, or without its check, fails the suite (audit,
 * issue 12 #5: a new page without the call would be open). Pages never import Drizzle or the
 * schema: they go through lib/.
 */
const ROOT = path.resolve(__dirname, '..', 'app', '[locale]');

const STAFF_PAGES: Record<string, string> = {
  'admin/(office)/page.tsx': "['sales', 'reviewer']",
  'admin/(office)/accounts/page.tsx': "'sales'",
  'admin/(office)/accounts/[id]/page.tsx': "'sales'",
  'admin/(office)/applications/page.tsx': "'reviewer'",
  'admin/(office)/applications/[id]/page.tsx': "'reviewer'",
  'admin/(office)/attribution/page.tsx': "'sales'",
  'admin/(office)/audit/page.tsx': "'admin'",
  'admin/(office)/companies/page.tsx': "'sales'",
  'admin/(office)/companies/new/page.tsx': "'admin'",
  'admin/(office)/companies/[id]/page.tsx': "'sales'",
  'admin/(office)/groups/page.tsx': "'sales'",
  'admin/(office)/groups/new/page.tsx': "'sales'",
  'admin/(office)/groups/[id]/page.tsx': "'sales'",
  'admin/(office)/leads/page.tsx': "'sales'",
  'admin/(office)/library/page.tsx': 'METHODOLOGIST_SCOPES',
  'admin/(office)/library/new/page.tsx': 'METHODOLOGIST_SCOPES',
  'admin/(office)/library/[id]/page.tsx': 'METHODOLOGIST_SCOPES',
  'admin/(office)/library/[id]/units/new/page.tsx': 'METHODOLOGIST_SCOPES',
  'admin/(office)/library/units/[id]/page.tsx': 'METHODOLOGIST_SCOPES',
  'admin/(office)/leads/[id]/page.tsx': "'sales'",
  'admin/(office)/me/page.tsx': 'STAFF_SCOPE_LIST',
  'admin/(office)/profiles/page.tsx': "'reviewer'",
  'admin/(office)/profiles/[id]/page.tsx': "'reviewer'",
  'admin/(office)/promo/page.tsx': "'sales'",
  'admin/(office)/promo/new/page.tsx': "'admin'",
  'admin/(office)/promo/[id]/page.tsx': "'sales'",
  'admin/(office)/staff/page.tsx': "'admin'",
  'admin/(office)/payments/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/payments/[id]/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/refunds/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/lesson-money/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/payouts/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/invoices/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/revenue/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/reconciliation/page.tsx': 'FINANCE_SCOPES',
  'admin/(office)/tests/page.tsx': "'sales'",
  'admin/(office)/trials/page.tsx': "['reviewer', 'sales']",
};
/** The ways in: open to anyone (each is tested where it lives). */
const OPEN_PAGES = ['admin/(auth)/enrol/page.tsx', 'admin/(auth)/sign-in/page.tsx', 'company/(auth)/forgot-password/page.tsx', 'company/(auth)/set-password/page.tsx', 'company/(auth)/sign-in/page.tsx'];

/** The URL of a page file: route groups `(…)` and `page.tsx` dropped ('company/(portal)/results/page.tsx' → '/company/results'). */
const urlOf = (page: string) => `/${page.split('/').filter((s) => !/^\(.*\)$/.test(s) && s !== 'page.tsx').join('/')}`;

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return pages(full);
    return e.name === 'page.tsx' || e.name === 'layout.tsx' ? [full] : [];
  });
}

describe('office and portal pages check their scope', () => {
  const found = [...pages(path.join(ROOT, 'admin')), ...pages(path.join(ROOT, 'company'))].filter((f) => f.endsWith('page.tsx')).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));

  it('finds every page on the disk in the table (or among the ways in)', () => {
    expect(found.length).toBeGreaterThan(25);
    const unknown = found.filter((p) => !(p in STAFF_PAGES) && !OPEN_PAGES.includes(p) && !p.startsWith('company/(portal)/'));
    expect(unknown, 'add the new page to STAFF_PAGES in lint/pages.test.ts').toEqual([]);
    const stale = [...Object.keys(STAFF_PAGES), ...OPEN_PAGES].filter((p) => !found.includes(p));
    expect(stale).toEqual([]);
  });

  it.each(Object.entries(STAFF_PAGES))('%s calls requireStaffPage with %s', (page, scopes) => {
    const source = readFileSync(path.join(ROOT, page), 'utf8');
    expect(source).toContain(`requireStaffPage(locale, ${scopes},`);
  });

  it('every company portal page calls requireCompanyPage with its own path (the way back after signing in)', () => {
    const portal = found.filter((p) => p.startsWith('company/(portal)/'));
    expect(portal.length).toBeGreaterThan(4);
    for (const page of portal) expect(readFileSync(path.join(ROOT, page), 'utf8'), page).toContain(`requireCompanyPage(locale, '${urlOf(page)}')`);
  });

  it('checks the scope before the page opens the database', () => {
    const checked = found.filter((p) => p in STAFF_PAGES || p.startsWith('company/(portal)/'));
    for (const page of checked) {
      const source = readFileSync(path.join(ROOT, page), 'utf8');
      const check = source.search(/require(Staff|Company)Page\(/);
      const db = source.indexOf('getDb()');
      expect(check, page).toBeGreaterThan(0);
      if (db >= 0) expect(db, `${page}: getDb() before the scope check`).toBeGreaterThan(check);
    }
  });

  it('no page or layout imports Drizzle or the schema', () => {
    const all = [...pages(path.join(ROOT, 'admin')), ...pages(path.join(ROOT, 'company'))];
    const offenders = all.filter((f) => /from ['"](drizzle-orm[^'"]*|@\/lib\/db\/(schema|tables\/[^'"]*))['"]/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
