import { expect, test, type Browser, type Page } from '@playwright/test';
import { localePath, messages, readMails, type Locale } from './helpers';
import { adminCreate, enrolStaff, freshCode, inviteStaff, staffSignIn } from './staff';

const ru = messages.ru.Admin;

/** The enrolment link of the newest invitation mail sent to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mails = await readMails(email, { containing: '/admin/enrol#' });
  const link = mails
    .map((m) => /https?:\/\/\S+\/admin\/enrol#[\w-]+/.exec(m)?.[0])
    .filter(Boolean)
    .at(-1);
  if (!link) throw new Error(`no invitation mail for ${email}`);
  return link;
}

async function newPage(browser: Browser, opts: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  return (await browser.newContext(opts)).newPage();
}

test.describe('back office: staff, dashboard, audit log', () => {
  test('the first admin enrols and invites a sales manager and a reviewer; each sees their own part; the log lists the invitations', async ({ browser }) => {
    test.setTimeout(240_000);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const adminEmail = `boss-${stamp}@school.kz`;
    const salesEmail = `sales-${stamp}@school.kz`;
    const reviewerEmail = `reviewer-${stamp}@school.kz`;

    // The first admin: the command's link, TOTP enrolment in the browser.
    const admin = await newPage(browser);
    const boss = await enrolStaff(admin, await adminCreate(adminEmail, 'Айгерим Садыкова'));
    await admin.getByRole('link', { name: ru.enrol.continue }).click();
    await expect(admin.getByRole('heading', { level: 1, name: ru.dashboard.title, exact: true })).toBeVisible();
    // An admin sees both parts of the dashboard, and the chart (loaded after the page) over its table.
    await expect(admin.getByRole('heading', { level: 2, name: ru.dashboard.leadsTitle, exact: true })).toBeVisible();
    await expect(admin.getByRole('heading', { level: 2, name: ru.dashboard.review, exact: true })).toBeVisible();
    await expect(admin.getByTestId('leads-chart').locator('svg.recharts-surface').last()).toBeVisible();
    await expect(admin.getByRole('table', { name: ru.dashboard.chartTable })).toBeAttached();

    // Invitations from /admin/staff; the links come by e-mail (real SMTP to the test's sink).
    const salesLink = await inviteStaff(admin, invitationLink, { email: salesEmail, name: 'Ерлан Жұмабаев', scopes: ['sales'] });
    const reviewerLink = await inviteStaff(admin, invitationLink, { email: reviewerEmail, name: 'Гүлнар Ахметова', scopes: ['reviewer'] });
    await expect(admin.getByTestId(`staff-${salesEmail}`)).toContainText(ru.staff.pending);
    await expect(admin.getByTestId(`staff-${adminEmail}`)).toContainText(ru.staff.active);

    // The sales manager enrols in a browser of their own, then signs in again with password + TOTP.
    const sales = await newPage(browser);
    const enrolled = await enrolStaff(sales, salesLink);
    await sales.context().clearCookies();
    await staffSignIn(sales, { email: salesEmail, secret: enrolled.secret, afterStep: enrolled.usedStep });
    await expect(sales.getByRole('heading', { level: 1, name: ru.dashboard.title, exact: true })).toBeVisible();
    await expect(sales.getByTestId('figure-callbacks-overdue')).toBeVisible();
    await expect(sales.getByTestId('figure-promise7')).toBeVisible();
    await expect(sales.getByRole('heading', { level: 2, name: ru.dashboard.review, exact: true })).toHaveCount(0);
    const forbidden = await sales.goto('/admin/staff');
    expect(forbidden?.status()).toBe(403);
    await expect(sales.getByRole('heading', { name: ru.forbidden.title, exact: true })).toBeVisible();

    // The reviewer sees the review figures only.
    const reviewer = await newPage(browser);
    await enrolStaff(reviewer, reviewerLink);
    await reviewer.getByRole('link', { name: ru.enrol.continue }).click();
    await expect(reviewer.getByTestId('figure-review-median')).toBeVisible();
    await expect(reviewer.getByTestId('figure-review-share')).toBeVisible();
    await expect(reviewer.getByTestId('figure-due-soon')).toBeVisible();
    await expect(reviewer.getByTestId('figure-leads')).toHaveCount(0);


    // The admin's audit log, filtered to invitations: both, newest first, with the e-mail that was invited.
    await admin.goto('/admin/audit');
    await admin.getByLabel(ru.audit.what).selectOption({ label: messages.ru.Admin.auditActions.staff_invite });
    await admin.getByRole('button', { name: ru.common.apply }).click();
    await expect(admin).toHaveURL(/action=staff\.invite/);
    const rows = admin.getByRole('table', { name: ru.audit.caption }).getByRole('row').filter({ hasText: ru.auditActions.staff_invite });
    await expect(rows.filter({ hasText: salesEmail })).toHaveCount(1);
    await expect(rows.filter({ hasText: reviewerEmail })).toHaveCount(1);
    await expect(rows.first()).toContainText(reviewerEmail);
    await expect(rows.first()).toContainText(adminEmail);

    // Finance (the walk's dead end: /admin was a 403 with a link to itself): the first screen is
    // payments, the menu lists finance's sections only, and a page of another scope's 403 leads back there.
    const financeEmail = `finance-${stamp}@school.kz`;
    const financeLink = await inviteStaff(admin, invitationLink, { email: financeEmail, name: 'Ерлан Сейітов', scopes: ['finance'] });
    const finance = await newPage(browser);
    await enrolStaff(finance, financeLink);
    await finance.getByRole('link', { name: ru.enrol.continue }).click();
    await expect(finance).toHaveURL(/\/admin\/payments$/);
    await expect(finance.getByRole('heading', { level: 1, name: ru.payments.title, exact: true })).toBeVisible();
    const menu = finance.getByRole('navigation', { name: ru.nav.label });
    await expect(menu.getByRole('link', { name: ru.nav.payouts, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: ru.nav.leads, exact: true })).toHaveCount(0);
    expect((await finance.goto('/admin/leads'))?.status()).toBe(403);
    await finance.getByRole('link', { name: ru.forbidden.goTo.replace('{section}', ru.nav.payments) }).click();
    await expect(finance).toHaveURL(/\/admin\/payments$/);

    // Disabling asks first, then ends the reviewer's session at once.
    await admin.goto('/admin/staff');
    // Within this reviewer's row: other specs enrol staff of the same name into the same database.
    await admin.getByTestId(`staff-${reviewerEmail}`).getByRole('button', { name: `${ru.staff.disable}: Гүлнар Ахметова` }).click();
    const dialog = admin.getByRole('dialog', { name: ru.staff.confirmTitle });
    await expect(dialog).toContainText('Гүлнар Ахметова');
    await dialog.getByRole('button', { name: ru.staff.disable, exact: true }).click();
    await expect(admin.getByTestId(`staff-${reviewerEmail}`)).toContainText(ru.staff.disabled);
    await reviewer.reload();
    await expect(reviewer).toHaveURL(/\/admin\/sign-in/);

    // Without JavaScript the dashboard's numbers are a table anyone can read.
    const noJs = await newPage(browser, { javaScriptEnabled: false, storageState: await admin.context().storageState() });
    await noJs.goto('/admin');
    await expect(noJs.getByRole('table', { name: ru.dashboard.chartTable })).toBeVisible();

    // My account: new recovery codes against a fresh code from the app, shown once.
    await admin.goto('/admin/me');
    await expect(admin.getByTestId('recovery-left')).toContainText('10');
    const recovery = admin.getByRole('form', { name: ru.staff.me.recoveryTitle });
    await recovery.getByLabel(ru.staff.me.code).fill((await freshCode(boss.secret, boss.usedStep)).code);
    await recovery.getByRole('button', { name: ru.staff.me.recoverySubmit }).click();
    await expect(admin.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const fresh = await admin.getByTestId('recovery-codes').locator('li').allInnerTexts();
    expect(fresh.some((c) => boss.recoveryCodes.includes(c))).toBe(false);

    // The dashboard and the staff page in Kazakh and English.
    for (const locale of ['kk', 'en'] as Locale[]) {
      const m = messages[locale].Admin;
      await admin.goto(localePath(locale, '/admin'));
      await expect(admin.getByRole('heading', { level: 1, name: m.dashboard.title, exact: true })).toBeVisible();
      await expect(admin.getByRole('heading', { level: 2, name: m.dashboard.promiseTitle, exact: true })).toBeVisible();
      await expect(admin.getByTestId('figure-review-share')).toContainText(m.dashboard.reviewShare);
      await admin.goto(localePath(locale, '/admin/staff'));
      await expect(admin.getByRole('heading', { level: 1, name: m.staff.title, exact: true })).toBeVisible();
      await expect(admin.getByRole('form', { name: m.staff.invite })).toBeVisible();
      await expect(admin.getByTestId(`staff-${reviewerEmail}`)).toContainText(m.staff.disabled);
    }
  });
});
