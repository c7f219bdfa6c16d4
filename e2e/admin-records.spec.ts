import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';
import { asVisitor, confirmPhoneOnEntry, localePath, messages, uniquePhone, type Locale } from './helpers';
import { confirmedTestPhone } from './sessions';
import { adminCreate, enrolStaff } from './staff';

// The back office's records as an admin uses them: a Kazakh sitting annulled (the person retakes
// exactly once), a certificate revoked (its public page says so, in three languages), and a promo
// code made in the admin that works on the tariff page until its usage limit.

const m = messages.ru;
const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k]));
const before = (template: string) => template.split('{')[0]!.trim();

let iinSerial = Math.floor(Math.random() * 90_000) + 10_000;
/** A fresh valid IIN (born 1993-03-03), with the check digit of lib/iin.ts. */
function freshIin(): string {
  for (;;) {
    const first11 = `930303${String(iinSerial++).padStart(5, '0').slice(-5)}`;
    const d = [...first11].map(Number);
    let s = d.reduce((sum, x, i) => sum + (i + 1) * x, 0) % 11;
    if (s === 10) s = d.reduce((sum, x, i) => sum + [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][i]! * x, 0) % 11;
    if (s !== 10) return first11 + s;
  }
}

/** The first admin from the command, enrolled through the link: the browser is then signed in. */
async function signedInAdmin(page: Page, tag: string) {
  const email = `admin-${tag}-${Date.now()}@school.kz`;
  await enrolStaff(page, await adminCreate(email, 'Айгерим Садыкова'));
}

/** A visitor of their own: a fresh browser whose test and lead calls come from an address of their own. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await asVisitor(page, ['**/api/tests/kazakh', '**/api/sms/send', '**/api/leads', '**/api/promo/check']);
  return { page, close: () => context.close() };
}

async function fillKazakhEntry(page: Page, iin: string) {
  const f = m.Tests.kazakh.form;
  await page.goto('/kazakh-test');
  await page.getByLabel(f.lastName).fill('Жұмабаева');
  await page.getByLabel(f.firstName).fill('Гүлнар');
  await page.getByLabel(f.iin, { exact: true }).fill(iin);
  await page.getByLabel(f.workerCode).fill('ACC-2');
  await confirmPhoneOnEntry(page, f);
  await page.getByRole('button', { name: f.submit }).click();
}

/** Answers all 30 items with the keyboard and finishes: the certificate's number. */
async function sitToTheEnd(page: Page): Promise<string> {
  const r = m.Tests.runner;
  await expect(page.getByText(fill(r.progress, { current: 1, total: 30 })).first()).toBeVisible();
  for (let i = 0; i < 30; i++) {
    const first = page.locator('main form input[type=radio]').first();
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    if (i < 29) await page.getByRole('button', { name: r.next, exact: true }).click();
  }
  await page.getByRole('button', { name: r.finish }).first().click();
  await page.getByRole('dialog', { name: r.confirmTitle }).getByRole('button', { name: r.confirmFinish, exact: true }).click();
  await expect(page.getByRole('heading', { name: m.Tests.result.certificateTitle })).toBeVisible();
  return (await page.getByTestId('certificate-number').innerText()).trim();
}

/**
 * A whole sitting through the test's API from the visitor's page (its address of its own): the
 * answering itself is e2e/tests.spec.ts's journey; here only the record it leaves counts.
 */
async function sitThroughApi(page: Page, iin: string): Promise<string> {
  await page.goto('/kazakh-test');
  const phone = await confirmedTestPhone();
  return page.evaluate(async ({ iin, consent, phone }) => {
    const post = async (url: string, body: unknown, token?: string) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-test-token': token } : {}) }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ token: string; test: { items: { id: string }[]; certificate: { number: string } } }>;
    };
    const started = await post('/api/tests/kazakh', { lastName: 'Жұмабаева', firstName: 'Гүлнар', iin, workerCode: 'ACC-2', consent, ...phone });
    const finished = await post('/api/tests/attempt/finish', { answers: Object.fromEntries(started.test.items.map((i) => [i.id, 0])) }, started.token);
    return finished.test.certificate.number;
  }, { iin, consent: CONSENT_VERSION, phone });
}

/** A start from a fresh browser (the test page resumes a stored sitting): refused with the message. */
async function expectRefused(browser: Browser, iin: string) {
  const other = await visitor(browser);
  await fillKazakhEntry(other.page, iin);
  await expect(other.page.getByTestId('kazakh-alert')).toHaveText(m.Errors.test_already_taken);
  await other.close();
}

/** The admin's action on one row of /admin/tests: the dialog, the reason, the confirmation. */
async function actOnRow(page: Page, search: string, button: string, reason: string) {
  await page.goto(`/admin/tests?q=${encodeURIComponent(search)}`);
  const row = page.locator('tbody tr').first();
  await row.getByRole('button', { name: new RegExp(`^${button}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(m.Admin.tests.reason).fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
  return row;
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(bad).toEqual([]);
}

const longDate = (locale: Locale, d = new Date()) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : `${locale}-KZ`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Almaty' }).format(d);

test('an admin annuls a Kazakh sitting: the person retakes exactly once; a revoked certificate says so on its page in three languages', async ({ page, browser }) => {
  test.setTimeout(480_000);
  await signedInAdmin(page, 'tests');
  const iin = freshIin();

  // The first sitting, to its certificate; a second start with the same IIN is refused.
  const laptop = await visitor(browser);
  const first = await sitThroughApi(laptop.page, iin);
  await laptop.close();
  await expectRefused(browser, iin);

  // The admin finds the sitting (masked IIN, level, certificate) and annuls it with a reason.
  await page.goto(`/admin/tests?q=${iin.slice(-4)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Admin.tests.title);
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText(`•••• •••• ${iin.slice(-4)}`);
  await expect(row).toContainText(first);
  await expect(page.locator('main')).not.toContainText(iin);
  await axeClean(page);
  await actOnRow(page, iin.slice(-4), m.Admin.tests.annul, 'Ноутбук выключился посреди теста');
  await expect(row.getByTestId('sitting-state')).toContainText(before(m.Admin.tests.stateAnnulled));
  await expect(row.getByTestId('sitting-state')).toContainText('Ноутбук выключился посреди теста');

  // The retake, on another computer, starts once; then the IIN is refused again.
  const person = await visitor(browser);
  await person.page.goto(`/certificate/${first}`);
  // The annulled sitting's certificate was revoked with it: the public page says so and when.
  await expect(person.page.getByTestId('certificate-status')).toHaveText(m.Tests.certificate.revoked);
  await expect(person.page.getByTestId('certificate-revoked')).toHaveText(fill(m.Tests.certificate.revokedOn, { date: longDate('ru') }));
  await fillKazakhEntry(person.page, iin);
  const second = await sitToTheEnd(person.page);
  expect(second).not.toBe(first);
  await expectRefused(browser, iin);

  // The admin revokes the retake's certificate: its PDF is no longer handed out, its page says revoked.
  const revoked = await actOnRow(page, second, m.Admin.tests.revoke, 'Документы не совпали с данными участника');
  await expect(revoked.getByTestId('sitting-state')).toContainText(before(m.Admin.tests.stateRevoked));
  // The person is still on the retake's result: the download is refused now.
  await person.page.getByRole('button', { name: m.Tests.result.download }).click();
  await expect(person.page.getByRole('status').filter({ hasText: m.Tests.result.downloadFailed })).toBeVisible();
  for (const locale of ['ru', 'kk', 'en'] as const) {
    await person.page.goto(localePath(locale, `/certificate/${second}`));
    await expect(person.page.getByTestId('certificate-status')).toHaveText(messages[locale].Tests.certificate.revoked);
    await expect(person.page.getByTestId('certificate-revoked')).toHaveText(fill(messages[locale].Tests.certificate.revokedOn, { date: longDate(locale) }));
  }
  await person.close();
});

test('a promo code made in the admin with a usage limit of 1 works on the tariff page once, then says it is used up', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signedInAdmin(page, 'promo');
  const code = `SPRING${Date.now() % 100_000}`;
  const p = m.Admin.promo;

  await page.goto('/admin/promo/new');
  await axeClean(page);
  await page.getByLabel(p.code).fill(code.toLowerCase());
  await page.getByLabel(p.percent).fill('25');
  await page.getByLabel(p.maxUses).fill('1');
  await page.getByLabel(p.campaign).fill('Instagram, весна');
  await page.getByRole('button', { name: p.create }).click();
  await expect(page).toHaveURL(/\/admin\/promo$/);
  const row = page.getByTestId(`promo-${code}`);
  await expect(row.getByTestId('promo-uses')).toHaveText(fill(p.usesOf, { used: 0, max: 1 }));
  await expect(row.getByTestId('promo-state')).toHaveText(p.states.active);

  // A visitor applies it on the tariff page, chooses a plan and sends the lead: the code is used.
  const first = await visitor(browser);
  await first.page.goto('/stud-tariff-plans');
  await first.page.getByLabel(m.Promo.label).fill(code);
  await first.page.getByRole('button', { name: m.Promo.applyCode }).click();
  await expect(first.page.getByText(fill(m.Promo.applied, { code, percent: 25 }))).toBeVisible();
  expect((await first.page.getByTestId('price-basic').innerText()).replace(/\D/g, '')).toBe('3750');
  await first.page.locator('[data-choose="basic"]').click();
  const form = first.page.locator('#feedback form');
  await expect(form.getByTestId('lead-plan')).toContainText(fill(m.LeadForm.chosenPromo, { code }));
  const phone = uniquePhone();
  await form.getByLabel(m.LeadForm.name).fill('Промо Тест');
  await form.getByLabel(m.LeadForm.phone).fill(phone);
  await form.getByRole('button', { name: m.LeadForm.callbackSubmit }).click();
  await expect(form.getByRole('status')).toContainText(m.LeadForm.callbackSuccess);
  const { leads } = (await (await first.page.request.get(`/api/dev/leads?phone=${encodeURIComponent(phone)}`)).json()) as { leads: { promoCode: string; promoApplied: boolean }[] };
  expect(leads[0]).toMatchObject({ promoCode: code, promoApplied: true });
  await first.close();

  // The next visitor is told it is used up; the prices stay as they were.
  const second = await visitor(browser);
  await second.page.goto('/stud-tariff-plans');
  await second.page.getByLabel(m.Promo.label).fill(code);
  await second.page.getByRole('button', { name: m.Promo.applyCode }).click();
  await expect(second.page.getByText(m.Validation.promo_exhausted)).toBeVisible();
  expect((await second.page.getByTestId('price-basic').innerText()).replace(/\D/g, '')).toBe('5000');
  await second.close();

  // The admin sees the use against the limit; deactivating the code is one click away.
  await page.reload();
  await expect(row.getByTestId('promo-uses')).toHaveText(fill(p.usesOf, { used: 1, max: 1 }));
  await expect(row.getByTestId('promo-state')).toHaveText(p.states.exhausted);
  await row.getByRole('link', { name: code }).click();
  await page.getByRole('button', { name: p.deactivate }).click();
  await expect(page.getByTestId('promo-state')).toHaveText(p.states.inactive);
});

test('accounts in Kazakh, companies in English: a blocked student is told so at sign-in until unblocked; a new company gets its links', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signedInAdmin(page, 'accounts');
  const PASSWORD = 'Kokzhiek2026';
  const phone = uniquePhone();
  expect((await page.request.post('/api/sms/send', { data: { phone, purpose: 'register' } })).status()).toBe(202);
  const { messages: sms } = (await (await page.request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`)).json()) as { messages: { code: string | null }[] };
  const registered = await page.request.post('/api/auth/register/student', {
    data: { name: 'Әсем', lastname: 'Блокова', subject: 'english', phone, code: sms[0]!.code, password: PASSWORD, confirm: PASSWORD, consent: CONSENT_VERSION },
  });
  expect(registered.status()).toBe(201);
  const digits = phone.replace(/\D/g, '');

  // The list (Kazakh) finds the student by phone in another format and masks the number.
  const k = messages.kk.Admin.accounts;
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/kk/admin/accounts?q=${encodeURIComponent(`8 ${digits.slice(1, 4)} ${digits.slice(4)}`)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(k.title);
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`+7 ${digits.slice(1, 4)} ••• •• ${digits.slice(-2)}`);
  await expect(row).not.toContainText(digits.slice(4, 9));
  // On a phone the page does not scroll sideways: the table scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
  await axeClean(page);

  // One account: the whole phone; block with a reason.
  await row.getByRole('link', { name: 'Блокова Әсем' }).click();
  await expect(page.getByTestId('account-phone')).toHaveText(`+7 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7, 9)} ${digits.slice(9)}`);
  await page.getByRole('button', { name: k.block }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(k.reason).fill('Оқытушыларға дөрекі хаттар жазды');
  await dialog.getByRole('button', { name: k.block, exact: true }).click();
  await expect(page.getByTestId('account-blocked')).toContainText('Оқытушыларға дөрекі хаттар жазды');
  await axeClean(page);

  // The student is told at sign-in, in their language; after unblocking, sign-in works.
  const student = await browser.newContext({ locale: 'ru-RU' });
  const studentPage = await student.newPage();
  const signIn = async () => {
    const s = messages.kk.SignIn;
    await studentPage.goto('/kk/sign-in');
    await studentPage.getByLabel(s.login).fill(phone);
    await studentPage.getByLabel(s.password, { exact: true }).fill(PASSWORD);
    await studentPage.getByRole('button', { name: s.submit, exact: true }).click();
  };
  await signIn();
  await expect(studentPage.getByRole('status').filter({ hasText: messages.kk.Errors.account_blocked })).toBeVisible();
  await page.getByRole('button', { name: k.unblock }).click();
  await expect(page.getByTestId('account-blocked')).toHaveCount(0);
  await signIn();
  await expect(studentPage).not.toHaveURL(/\/sign-in/);
  await student.close();

  // Companies, in English: a new one, its links in three languages, then deactivated.
  const c = messages.en.Admin.companies;
  const slug = `acme-${Date.now() % 100_000}`;
  await page.goto('/en/admin/companies/new');
  await page.getByLabel(c.name).fill('Acme Kazakhstan LLP');
  await page.getByLabel(c.slug).fill('demo');
  await page.getByRole('button', { name: c.create }).click();
  await expect(page.getByText(messages.en.Admin.validation.slug_taken)).toBeVisible();
  await page.getByLabel(c.slug).fill(slug);
  await page.getByRole('button', { name: c.create }).click();
  await expect(page).toHaveURL(/\/en\/admin\/companies\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Kazakhstan LLP');
  await expect(page.getByTestId('link-kk-kazakhLink')).toHaveText(new RegExp(`^https?://[^/]+/kk/kazakh-test/${slug}$`));
  await expect(page.getByTestId('link-ru-placementLink')).toHaveText(new RegExp(`^https?://[^/]+/stud-test/${slug}$`));
  await expect(page.getByRole('button', { name: `Copy the link: ${c.kazakhLink}, ${c.linkLocale.en}` })).toBeVisible();
  // A fresh load: the progress bar of the client navigation above (nprogress) is not this page's.
  await page.reload();
  await axeClean(page);
  const visitorPage = await browser.newPage();
  expect((await visitorPage.goto(`/kazakh-test/${slug}`))!.status()).toBe(200);
  await page.getByLabel(c.active).uncheck();
  await page.getByRole('button', { name: messages.en.Admin.common.save, exact: true }).click();
  await expect(page.getByText(c.linksInactive)).toBeVisible();
  // The requisites its lesson-pool invoices carry: a short BIN is refused on its field, a whole one saved.
  const requisites = page.getByRole('form', { name: c.requisitesTitle });
  await requisites.getByLabel(c.requisite.bin, { exact: true }).fill('12345');
  await requisites.getByRole('button', { name: c.saveRequisites }).click();
  await expect(requisites.getByText(messages.en.Admin.validation.bin_format)).toBeVisible();
  await requisites.getByLabel(c.requisite.bin, { exact: true }).fill('990140000385');
  await requisites.getByLabel(c.requisite.legalAddress).fill('Almaty, Al-Farabi avenue 77/7');
  await requisites.getByRole('button', { name: c.saveRequisites }).click();
  await expect(requisites.getByRole('status')).toHaveText(c.saved);
  await page.reload();
  await expect(page.getByLabel(c.requisite.bin, { exact: true })).toHaveValue('990140000385');
  expect((await visitorPage.goto(`/kazakh-test/${slug}`))!.status()).toBe(404);
  await visitorPage.close();
});
