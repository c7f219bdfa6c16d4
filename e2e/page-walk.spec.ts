import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { companyWithHr, hrSignsIn } from './company';
import { uniquePhone } from './helpers';
import { browserCookies, phoneOf, rand, signUp } from './sessions';
import { adminCreate, enrolStaff } from './staff';

/**
 * The page walk at 360 px (issue 31: the student's cabinet was 634 px wide, the tutor's 538 px, HR's
 * invoices and lessons 525 px): every signed-in page of every role, found on the disk as the role
 * matrix finds routes, opened on a phone with nothing scrolling sideways (tables scroll in their own
 * boxes). A page with a [param] is reached through the first link to it on its list page; a new page
 * is walked without anyone adding it here.
 */
const ROOT = path.resolve(__dirname, '..', 'app', '[locale]');
const PORT = Number(process.env.E2E_PORT ?? 3100);
const pagesUnder = (dir: string) =>
  (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.split(path.sep).pop() === 'page.tsx')
    .map((f) => `/${[...dir.split('/'), ...path.dirname(f).split(path.sep)].filter((s) => s && s !== '.' && !/^\(.*\)$/.test(s)).join('/')}`)
    .sort();

/**
 * Nothing on the page scrolls sideways at 360 px: the document is no wider than the screen, and a
 * table wider than the screen sits in a box of its own that scrolls (a named region), never widening
 * the page. Read until the layout settles (charts take their width a frame after the resize).
 */
async function fitsPhone(page: Page, url: string) {
  const wide = () =>
    page.evaluate(() => {
      const out: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth + 1) out.push(`the page: ${doc.scrollWidth} > ${doc.clientWidth}`);
      for (const table of document.querySelectorAll<HTMLElement>('table')) {
        if (table.clientWidth <= 1 || table.getBoundingClientRect().right <= doc.clientWidth + 1) continue;
        let box: HTMLElement | null = table.parentElement;
        while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        if (!box || box === doc || box.getBoundingClientRect().right > doc.clientWidth + 1) out.push(`a table (${table.querySelector('caption')?.textContent ?? ''}) outside a scroll box`);
      }
      return out;
    });
  await expect.poll(wide, { message: `sideways scroll at 360 px on ${url}`, timeout: 5_000 }).toEqual([]);
}

/**
 * [param] pages reached at a known address rather than through their list: self-study's unit page at
 * the starter set's first unit (the list draws today's unit from two calls, late on a loaded machine,
 * and not at all for a tutor; other specs publish courses of their own into the shared database).
 */
const KNOWN: Record<string, string> = { '/cabinet/study/[course]/[unit]': '/cabinet/study/english-a1/hello' };

/** Opens `url` and checks the width; a [param] page is found from the links of its parent list. */
async function walk(page: Page, urls: string[], seen: string[]) {
  for (const url of urls) {
    let target = KNOWN[url] ?? url;
    if (target.includes('[')) {
      const list = url.slice(0, url.indexOf('/['));
      const prefix = `${list}/`;
      const shape = url.slice(prefix.length).split('/');
      await page.goto(list);
      // A client-loaded list draws its links after its calls: wait for the network to settle (a page
      // that keeps a stream open never does: then not long), then a little for a link (an empty list has none).
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      const links = page.locator(`main a[href^="${prefix}"]`);
      await links.first().waitFor({ timeout: 3_000 }).catch(() => {});
      // A link of the page's shape (each [param] one segment: an id first, else a slug such as a course's).
      const href = await links
        .evaluateAll(
          (as, [p, parts]) => {
            const fits = (h: string) => {
              const segs = (h.slice(p.length).split(/[?#]/)[0] ?? '').split('/');
              return segs.length === parts.length && segs.every((x, i) => (parts[i]!.startsWith('[') ? /^[\w-]+$/.test(x) : x === parts[i]));
            };
            const hrefs = as.map((a) => a.getAttribute('href')!).filter(fits);
            return hrefs.find((h) => /^\d+$/.test(h.slice(p.length).split(/[?#/]/)[0] ?? '')) ?? hrefs[0];
          },
          [prefix, shape] as const,
        )
        .catch(() => undefined);
      if (!href) continue;
      target = href;
    }
    const res = await page.goto(target);
    expect(res?.status(), target).toBeLessThan(400);
    await fitsPhone(page, target);
    seen.push(url);
  }
}

test('every signed-in page of every role at 360 px: student, tutor, HR, back office — nothing scrolls sideways', async ({ browser }) => {
  test.setTimeout(240_000);
  const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

  // The student and the tutor: the cabinet's pages.
  const cabinet = pagesUnder('(student)/cabinet');
  expect(cabinet).toContain('/cabinet');
  for (const kind of ['student', 'tutor'] as const) {
    const fields =
      kind === 'student'
        ? { name: 'Айгерим', lastname: 'Walk', subject: 'english' }
        : { tutorKind: 'local', name: 'Гүлнар', lastname: 'Walk', teachingLanguage: 'kk', subject: 'kazakh', email: `tutor-walk-${Date.now()}-${rand(0, 9999)}@example.kz` };
    const { res } = await signUp(kind, fields, { phone: phoneOf(kind === 'student' ? '707' : '708') });
    // On localhost, where the API's session cookies are (e2e/sessions.ts browserCookies): signed in, not sent to sign-in.
    const context = await browser.newContext({ ...phone, baseURL: `http://localhost:${PORT}` });
    await context.addCookies(browserCookies(res.setCookies));
    const page = await context.newPage();
    const seen: string[] = [];
    await walk(page, cabinet, seen);
    expect(seen, kind).toEqual(cabinet);
    await context.close();
  }

  // The back office: an admin opens every section (each scope's pages are among them).
  const office = pagesUnder('admin/(office)');
  expect(office.length).toBeGreaterThan(20);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await enrolStaff(admin, await adminCreate(`walk-${Date.now()}-${rand(0, 999)}@school.kz`, 'Walk Admin'));
  // Data for the [id] pages: a company with an HR person (its page, and the portal below).
  const hr = { name: 'Динара Walk', email: `hr-walk-${Date.now()}@example.kz`, phone: uniquePhone() };
  await companyWithHr(admin, 'Walk LLP', hr, 'walk');
  await admin.setViewportSize(phone.viewport);
  const seenOffice: string[] = [];
  await walk(admin, office, seenOffice);
  // Every page without a parameter is walked; those with one whenever their list links one.
  expect(seenOffice).toEqual(expect.arrayContaining(office.filter((u) => !u.includes('['))));
  expect(seenOffice).toContain('/admin/companies/[id]');
  await adminContext.close();

  // The HR portal.
  const portal = pagesUnder('company').filter((u) => !/\/(sign-in|set-password|forgot-password)$/.test(u));
  expect(portal).toContain('/company/invoices');
  const { context: hrContext, page: hrPage } = await hrSignsIn(browser, hr);
  await hrPage.setViewportSize(phone.viewport);
  const seenPortal: string[] = [];
  await walk(hrPage, portal.map((u) => `/en${u}`), seenPortal);
  expect(seenPortal.length).toBe(portal.length);
  await hrContext.close();
});
