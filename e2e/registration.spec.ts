import { schoolLongDate } from '../lib/time/school-clock';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { asVisitor, LOCALES, localePath, messages, readMails, uniquePhone, localeTest } from './helpers';

const PAGES = ['/sign-up', '/stud-sign-up', '/teach-sign-up', '/stud-simple-reg', '/reset-password/phone'] as const;

/** "Step {current} of {total}" in a locale. */
const stepOf = (template: string, current: number, total: number) => template.replace('{current}', String(current)).replace('{total}', String(total));
/** The part of a message before its first placeholder. */
const before = (template: string, placeholder: string) => template.split(placeholder)[0]!.trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PORT = Number(process.env.E2E_PORT ?? 3100);
const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * Each test is its own visitor. The server counts SMS per source address (10 an hour) and ignores
 * X-Forwarded-For, so the browser's SMS calls are carried to the real server from a loopback
 * address of this test's own (127.0.x.y); everything else about them is untouched.
 */

interface OutboxMessage {
  body: string;
  code: string | null;
}

async function outbox(request: APIRequestContext, phone: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The code of the newest SMS to a phone, once there are more than `after` of them. */
async function smsCode(request: APIRequestContext, phone: string, after = 0): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const list = await outbox(request, phone);
    const newest = list[0];
    const code = newest?.body.match(/\b(\d{6})\b/)?.[1] ?? newest?.code;
    if (list.length > after && code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** The wizard is on the client: wait until its first step is there. */
async function wizardReady(page: Page) {
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
}

for (const locale of LOCALES) {
  const test = localeTest(locale);
  const m = messages[locale];
  const R = m.Registration;
  const S = m.SmsCode;
  const P = m.ResetPhone;
  const V = m.Validation;

  test.describe.serial(`${locale}: student registration, then a reset of its password`, () => {
    const phone = uniquePhone();
    const password = 'Tilmen2024ok';
    let sentAt = 0;

    test(`${locale}: the student wizard to success, with the password rules and Back`, async ({ page }) => {
      await asVisitor(page);
      await page.goto(localePath(locale, '/stud-sign-up'));
      await expect(page).toHaveTitle(R.meta.student);
      await expect(page.locator('h1')).toHaveText(R.student.title);
      await wizardReady(page);
      const heading = page.getByRole('heading', { level: 2 });
      await expect(heading).toContainText(stepOf(R.stepOf, 1, 4));
      await expect(page.getByText(R.student.duration)).toBeVisible();

      // Each step validates with its schema before moving on.
      await page.getByRole('button', { name: R.next }).click();
      await expect(page.getByText(V.required).first()).toBeVisible();
      await expect(heading).toContainText(stepOf(R.stepOf, 1, 4));

      const name = page.getByLabel(R.student.name, { exact: true });
      const lastname = page.getByLabel(R.student.lastname, { exact: true });
      const kazakh = page.getByRole('radio', { name: new RegExp(`^${escape(R.student.kazakh)}`) });
      await name.fill('Әлия');
      await lastname.fill('Сәрсенова');
      await kazakh.check();
      await page.getByRole('button', { name: R.next }).click();

      // Phone step; the heading takes focus.
      await expect(heading).toContainText(stepOf(R.stepOf, 2, 4));
      await expect(heading).toContainText(R.student.phoneTitle);
      await expect(heading).toBeFocused();
      const phoneInput = page.getByLabel(R.phone.label);
      await phoneInput.fill(phone);

      // Back keeps the data, both ways.
      await page.getByRole('button', { name: R.back }).click();
      await expect(heading).toContainText(stepOf(R.stepOf, 1, 4));
      await expect(name).toHaveValue('Әлия');
      await expect(lastname).toHaveValue('Сәрсенова');
      await expect(kazakh).toBeChecked();
      await page.getByRole('button', { name: R.next }).click();
      await expect(phoneInput).toHaveValue(phone);

      await page.getByRole('button', { name: R.phone.send }).click();
      sentAt = Date.now();

      // Code step: where it went, the one-time-code input, the countdown before "send again".
      await expect(heading).toContainText(stepOf(R.stepOf, 3, 4));
      await expect(page.getByText(S.sentTo.replace('{phone}', phone))).toBeVisible();
      const codeInput = page.getByLabel(S.label);
      await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
      await expect(codeInput).toHaveAttribute('maxlength', '6');
      await expect(page.getByText(before(S.resendIn, '{time}'))).toBeVisible();
      await expect(page.getByRole('button', { name: S.resend })).toBeDisabled();
      await codeInput.fill(await smsCode(page.request, phone));
      await page.getByRole('button', { name: R.next }).click();

      // Password step: the rules as a live checklist, then the spec's messages on submit.
      await expect(heading).toContainText(stepOf(R.stepOf, 4, 4));
      const pw = page.getByLabel(R.password.label, { exact: true });
      const confirm = page.getByLabel(R.password.confirm, { exact: true });
      const rules = page.getByTestId('password-rules');
      for (const key of ['password_latin', 'password_capital', 'password_digit', 'password_min'] as const) await expect(rules).toContainText(V[key]);
      const pwError = page.locator('[id$="-password-error"]');
      const submit = page.getByRole('button', { name: R.student.submit });

      await pw.fill('пароль');
      await confirm.fill('пароль');
      await submit.click();
      await expect(pwError).toHaveText(V.password_latin);
      await expect(pw).toHaveAttribute('aria-invalid', 'true');
      await expect(rules.locator('li[data-met="true"]')).toHaveCount(0);

      await pw.fill('abcdefgh');
      await submit.click();
      await expect(pwError).toHaveText(V.password_capital);
      await pw.fill('Abcdefgh');
      await submit.click();
      await expect(pwError).toHaveText(V.password_digit);
      await pw.fill('Abc1');
      await submit.click();
      await expect(pwError).toHaveText(V.password_min);
      await expect(rules.locator('li[data-met="true"]')).toHaveCount(3);

      // Paste is not blocked, the toggle shows the password, a different confirmation is refused.
      await pw.focus();
      const pasteAllowed = await page.evaluate(() => {
        const data = new DataTransfer();
        data.setData('text/plain', 'x');
        return document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      expect(pasteAllowed).toBe(true);
      await pw.fill(password);
      await expect(rules.locator('li[data-met="true"]')).toHaveCount(4);
      await page.getByRole('button', { name: R.password.show }).click();
      await expect(pw).toHaveAttribute('type', 'text');
      await expect(page.getByRole('button', { name: R.password.show })).toHaveAttribute('aria-pressed', 'true');
      await confirm.fill(password + 'x');
      await submit.click();
      await expect(page.locator('[id$="-confirm-error"]')).toHaveText(V.password_mismatch);

      // Back from the password step keeps the code.
      await page.getByRole('button', { name: R.back }).click();
      await expect(codeInput).toHaveValue(/^\d{6}$/);
      await page.getByRole('button', { name: R.next }).click();
      await expect(pw).toHaveValue(password);
      await confirm.fill(password);
      await submit.click();

      await expect(heading).toHaveText(R.student.successTitle);
      await expect(heading).toBeFocused();
      const cabinet = page.getByRole('link', { name: R.student.toCabinet });
      await expect(cabinet).toHaveAttribute('href', localePath(locale, '/cabinet'));
      // The success screen leads on to the tutors' catalogue too (audit, issue 14 #7).
      await expect(page.getByTestId('success-tutors-link')).toHaveAttribute('href', localePath(locale, '/tutors'));
      // The finished wizard forgets everything.
      expect(await page.evaluate(() => sessionStorage.getItem('tilmen:stud-sign-up'))).toBeNull();
    });

    test(`${locale}: reset by phone for that student, then the new password signs in`, async ({ page }) => {
      // One SMS per phone each SMS_RESEND_GAP_SECONDS (15 on the e2e server): wait out the registration's.
      await asVisitor(page);
      const wait = sentAt + 17_000 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      const sent = (await outbox(page.request, phone)).length;

      await page.goto(localePath(locale, '/reset-password/phone'));
      await expect(page).toHaveTitle(P.metaTitle);
      await expect(page.locator('h1')).toHaveText(P.title);
      await wizardReady(page);
      const heading = page.getByRole('heading', { level: 2 });
      await expect(heading).toContainText(stepOf(R.stepOf, 1, 3));
      await page.getByLabel(R.phone.label).fill(phone.replace('+7 ', '8 '));
      await page.getByRole('button', { name: R.phone.send }).click();

      await expect(heading).toContainText(stepOf(R.stepOf, 2, 3));
      // Worded so it says nothing about whether the number has an account.
      await expect(page.getByText(P.codeSent.replace('{phone}', phone))).toBeVisible();
      await page.getByLabel(S.label).fill(await smsCode(page.request, phone, sent));
      await page.getByRole('button', { name: R.next }).click();

      await expect(heading).toContainText(stepOf(R.stepOf, 3, 3));
      const fresh = 'Qazaqstan2025';
      await page.getByLabel(R.password.newLabel, { exact: true }).fill(fresh);
      await page.getByLabel(R.password.confirm, { exact: true }).fill(fresh);
      await page.getByRole('button', { name: P.submit }).click();

      await expect(heading).toHaveText(P.doneTitle);
      await expect(page.getByText(P.doneText.replace('{phone}', phone))).toBeVisible();
      await expect(page.getByRole('link', { name: P.toSignIn, exact: true })).toHaveAttribute('href', localePath(locale, '/sign-in'));

      const login = await page.request.post('/api/auth/login', { data: { login: phone, password: fresh } });
      expect(login.status()).toBe(200);
      expect(((await login.json()) as { token?: string }).token).toBeTruthy();
      const old = await page.request.post('/api/auth/login', { data: { login: phone, password } });
      expect(old.status()).toBe(401);
    });
  });

  test.describe(`${locale}: an e-mail given in the wizards`, () => {
    // The cookie calls (refresh, logout) accept only the server's own origin: talk to it by that name.
    test.use({ baseURL: `http://localhost:${PORT}` });
    const newEmail = (who: string) => `${who}-${locale}-${Date.now()}-${rand(0, 999_999)}@example.kz`;
    /** The path and query of the newest mailed link to `path` (opened on this server). */
    async function mailedLink(email: string, path: string): Promise<string> {
      const mail = (await readMails(email, { containing: `${path}?token=` })).filter((x) => x.includes(`${path}?token=`)).pop();
      const link = new URL(new RegExp(`https?://\\S+${escape(path)}\\?token=[\\w-]+`).exec(mail ?? '')![0]);
      expect(link.pathname).toBe(localePath(locale, path));
      return link.pathname + link.search;
    }
    const expectPath = (page: Page, path: string) => expect.poll(() => new URL(page.url()).pathname).toBe(path);
    async function signInForm(page: Page, login: string, password: string) {
      await page.goto(localePath(locale, '/sign-in'));
      await page.getByLabel(m.SignIn.login).fill(login);
      await page.getByLabel(m.SignIn.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: m.SignIn.submit, exact: true }).click();
    }

    test(`${locale}: student wizard: the mailed link, then sign-in and a reset by e-mail`, async ({ page }) => {
      test.setTimeout(120_000);
      // SMS and sign-ins from this test's own address (per-IP limits).
      await asVisitor(page, ['**/api/sms/send', '**/api/auth/login']);
      const email = newEmail('wizard-student');
      const password = 'Tilmen2024ok';
      const phone = uniquePhone();
      await page.goto(localePath(locale, '/stud-sign-up'));
      await wizardReady(page);
      const heading = page.getByRole('heading', { level: 2 });
      await page.getByLabel(R.student.name, { exact: true }).fill('Әлия');
      await page.getByLabel(R.student.lastname, { exact: true }).fill('Сәрсенова');
      await page.getByRole('radio', { name: new RegExp(`^${escape(R.student.english)}`) }).check();
      const emailInput = page.getByLabel(R.email.label, { exact: true });
      await expect(emailInput).toHaveAttribute('type', 'email');
      await expect(emailInput).toHaveAttribute('autocomplete', 'email');
      await emailInput.fill('aliya@');
      await page.getByRole('button', { name: R.next }).click();
      await expect(page.locator('[id$="-email-error"]')).toHaveText(V.email_invalid);
      await expect(heading).toContainText(stepOf(R.stepOf, 1, 4));
      await emailInput.fill(email);
      await page.getByRole('button', { name: R.next }).click();
      await page.getByLabel(R.phone.label).fill(phone);
      await page.getByRole('button', { name: R.phone.send }).click();
      await expect(heading).toContainText(stepOf(R.stepOf, 3, 4));
      await page.getByLabel(S.label).fill(await smsCode(page.request, phone));
      await page.getByRole('button', { name: R.next }).click();
      await page.getByLabel(R.password.label, { exact: true }).fill(password);
      await page.getByLabel(R.password.confirm, { exact: true }).fill(password);
      await page.getByRole('button', { name: R.student.submit }).click();
      await expect(heading).toHaveText(R.student.successTitle);
      await expect(page.getByTestId('email-sent')).toHaveText(R.email.sent.replace('{email}', email));

      // The cabinet says the address is pending; the mailed link makes it the account's.
      await page.goto(localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-email-pending')).toContainText(email);
      await page.goto(await mailedLink(email, '/email-confirm'));
      await expect(page.getByRole('main').getByRole('status')).toContainText(email);
      await page.goto(localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-email')).toHaveText(email);
      await expect(page.getByTestId('cabinet-email-pending')).toHaveCount(0);

      // Sign out (ends on home), then in with the e-mail.
      await page.getByRole('button', { name: m.Cabinet.signOut }).click();
      await expectPath(page, localePath(locale, '/'));
      await signInForm(page, email.toUpperCase(), password);
      await expectPath(page, localePath(locale, '/'));
      await expect(page.locator('header').first().getByRole('link', { name: m.AuthHeader.cabinet })).toBeVisible();

      // A reset by e-mail, then the new password signs in with the e-mail.
      await page.waitForLoadState('networkidle');
      await page.context().clearCookies();
      await page.goto(localePath(locale, '/reset-password/email'));
      await page.getByLabel(m.Reset.email).fill(email);
      await page.getByRole('button', { name: m.Reset.emailSubmit }).click();
      await expect(page.getByText(m.Reset.emailSent)).toBeVisible();
      await page.goto(await mailedLink(email, '/reset-password/hash'));
      await expectPath(page, localePath(locale, '/reset-password/password'));
      const fresh = 'Qazaqstan2025';
      await page.getByLabel(m.Reset.newPassword, { exact: true }).fill(fresh);
      await page.getByLabel(m.Reset.confirm, { exact: true }).fill(fresh);
      await page.getByRole('button', { name: m.Reset.save }).click();
      await expect(page.getByText(m.Reset.done)).toBeVisible();
      await signInForm(page, email, fresh);
      await expectPath(page, localePath(locale, '/'));
      await expect(page.locator('header').first().getByRole('link', { name: m.AuthHeader.cabinet })).toBeVisible();
    });

    test(`${locale}: tutor wizard: the e-mail counts once its mailed link is opened`, async ({ page }) => {
      test.setTimeout(120_000);
      await asVisitor(page, ['**/api/sms/send', '**/api/auth/login']);
      const email = newEmail('wizard-tutor');
      const password = 'Mektep2025';
      const next = page.getByRole('button', { name: R.next });
      const heading = page.getByRole('heading', { level: 2 });
      await page.goto(localePath(locale, '/teach-sign-up'));
      await wizardReady(page);
      await page.getByRole('radio', { name: new RegExp(`^${escape(R.tutor.local)}`) }).check();
      await next.click();
      await page.getByLabel(R.tutor.name, { exact: true }).fill('Ержан');
      await page.getByLabel(R.tutor.lastname, { exact: true }).fill('Қасымов');
      const emailInput = page.getByLabel(R.email.label, { exact: true });
      await emailInput.fill('erzhan@@example.kz');
      await next.click();
      await expect(page.locator('[id$="-email-error"]')).toHaveText(V.email_invalid);
      await emailInput.fill(email);
      await next.click();
      await expect(heading).toContainText(stepOf(R.stepOf, 3, 7));
      // Back keeps the address.
      await page.getByRole('button', { name: R.back }).click();
      await expect(emailInput).toHaveValue(email);
      await next.click();
      await page.getByRole('radio', { name: R.tutor.languages.kk, exact: true }).check();
      await next.click();
      await page.getByRole('radio', { name: R.tutor.subjects.mathematics, exact: true }).check();
      await next.click();
      await page.getByLabel(R.password.label, { exact: true }).fill(password);
      await page.getByLabel(R.password.confirm, { exact: true }).fill(password);
      await next.click();
      const phone = uniquePhone();
      await page.getByLabel(R.phone.label).fill(phone);
      await page.getByRole('button', { name: R.phone.send }).click();
      await page.getByLabel(S.label).fill(await smsCode(page.request, phone));
      await page.getByRole('button', { name: R.tutor.submit }).click();
      await expect(heading).toHaveText(R.tutor.successTitle);
      await expect(page.getByTestId('email-sent')).toHaveText(R.email.sent.replace('{email}', email));

      // Signed in since the registration: the sign-up pages send the visitor to the cabinet.
      await page.goto(localePath(locale, '/teach-sign-up'));
      await expectPath(page, localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-email-pending')).toContainText(email);
      await page.goto(await mailedLink(email, '/email-confirm'));
      await expect(page.getByRole('main').getByRole('status')).toContainText(email);
      // A session call still on its way could set the cookies again after they are cleared.
      await page.waitForLoadState('networkidle');
      await page.context().clearCookies();
      await signInForm(page, email, password);
      await expectPath(page, localePath(locale, '/'));
      await page.goto(localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-email')).toHaveText(email);
      await expect(page.getByTestId('cabinet-application-status')).toHaveText(m.Cabinet.status_submitted);
    });
  });

  test(`${locale}: a reload in the middle keeps the step and what was typed`, async ({ page }) => {
    await page.goto(localePath(locale, '/stud-sign-up'));
    await wizardReady(page);
    await page.getByLabel(R.student.name, { exact: true }).fill('Dana');
    await page.getByLabel(R.student.lastname, { exact: true }).fill('Ospanova');
    await page.getByRole('radio', { name: new RegExp(`^${escape(R.student.english)}`) }).check();
    await page.getByRole('button', { name: R.next }).click();
    const phone = uniquePhone();
    await page.getByLabel(R.phone.label).fill(phone);

    await page.reload();
    const heading = page.getByRole('heading', { level: 2 });
    await expect(heading).toContainText(stepOf(R.stepOf, 2, 4));
    await expect(page.getByLabel(R.phone.label)).toHaveValue(phone);
    await page.getByRole('button', { name: R.back }).click();
    await expect(page.getByLabel(R.student.name, { exact: true })).toHaveValue('Dana');
    await expect(page.getByLabel(R.student.lastname, { exact: true })).toHaveValue('Ospanova');
    await expect(page.getByRole('radio', { name: new RegExp(`^${escape(R.student.english)}`) })).toBeChecked();
  });

  test(`${locale}: the tutor wizard to success shows the review due date`, async ({ page }) => {
    await asVisitor(page);
    await page.goto(localePath(locale, '/teach-sign-up'));
    await expect(page).toHaveTitle(R.meta.tutor);
    await expect(page.locator('h1')).toHaveText(R.tutor.title);
    await wizardReady(page);
    const heading = page.getByRole('heading', { level: 2 });
    const next = page.getByRole('button', { name: R.next });
    const total = 7;

    await expect(heading).toContainText(stepOf(R.stepOf, 1, total));
    await next.click();
    await expect(page.getByText(V.required)).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(`^${escape(R.tutor.local)}`) }).check();
    await next.click();

    await expect(heading).toContainText(stepOf(R.stepOf, 2, total));
    await page.getByLabel(R.tutor.name, { exact: true }).fill('Ержан');
    await page.getByLabel(R.tutor.lastname, { exact: true }).fill('Қасымов');
    await next.click();

    await expect(heading).toContainText(stepOf(R.stepOf, 3, total));
    await page.getByRole('radio', { name: R.tutor.languages.kk, exact: true }).check();
    await next.click();

    await expect(heading).toContainText(stepOf(R.stepOf, 4, total));
    for (const subject of Object.values(R.tutor.subjects)) await expect(page.getByRole('radio', { name: subject, exact: true })).toBeVisible();
    await page.getByRole('radio', { name: R.tutor.subjects.mathematics, exact: true }).check();
    // A reload here keeps the step and the choice.
    await page.reload();
    await expect(heading).toContainText(stepOf(R.stepOf, 4, total));
    await expect(page.getByRole('radio', { name: R.tutor.subjects.mathematics, exact: true })).toBeChecked();
    await next.click();

    await expect(heading).toContainText(stepOf(R.stepOf, 5, total));
    await page.getByLabel(R.password.label, { exact: true }).fill('Mektep2025');
    await page.getByLabel(R.password.confirm, { exact: true }).fill('Mektep2025');
    await next.click();

    await expect(heading).toContainText(stepOf(R.stepOf, 6, total));
    const phone = uniquePhone();
    await page.getByLabel(R.phone.label).fill(phone);
    await page.getByRole('button', { name: R.phone.send }).click();

    await expect(heading).toContainText(stepOf(R.stepOf, 7, total));
    await page.getByLabel(S.label).fill(await smsCode(page.request, phone));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register/tutor'));
    await page.getByRole('button', { name: R.tutor.submit }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    const { application } = (await res.json()) as { application: { status: string; reviewDueAt: string } };
    expect(application.status).toBe('submitted');

    await expect(heading).toHaveText(R.tutor.successTitle);
    await expect(page.getByText(R.tutor.successText, { exact: true })).toBeVisible();
    const due = page.getByTestId('review-due').locator('time');
    await expect(due).toHaveAttribute('datetime', application.reviewDueAt);
    // The school's clock, written the same in the browser as on the server (Kazakh: the site's own
    // month names, never the browser's "2026 M12 4").
    const expected = schoolLongDate(application.reviewDueAt, locale);
    await expect(due).toHaveText(expected);
    expect(expected).not.toMatch(/M\d/);
    expect(expected).toContain(String(new Date(application.reviewDueAt).getUTCFullYear()));
    const days = (Date.parse(application.reviewDueAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4);
    expect(days).toBeLessThan(16);
  });

  test(`${locale}: the simple registration leads to the lesson link`, async ({ page }) => {
    await asVisitor(page);
    await page.goto(localePath(locale, '/stud-simple-reg'));
    await expect(page).toHaveTitle(R.meta.lesson);
    await expect(page.locator('h1')).toHaveText(R.lesson.title);
    await wizardReady(page);
    const heading = page.getByRole('heading', { level: 2 });
    await page.getByLabel(R.lesson.name, { exact: true }).fill('Тимур');
    await page.getByRole('button', { name: R.next }).click();
    await expect(heading).toContainText(stepOf(R.stepOf, 2, 3));
    const phone = uniquePhone();
    await page.getByLabel(R.phone.label).fill(phone);
    await page.getByRole('button', { name: R.phone.send }).click();
    await expect(heading).toContainText(stepOf(R.stepOf, 3, 3));
    await page.getByLabel(S.label).fill(await smsCode(page.request, phone));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register/lesson'));
    await page.getByRole('button', { name: R.lesson.submit }).click();
    const { lessonUrl } = (await (await answer).json()) as { lessonUrl: string };
    await expect(heading).toHaveText(R.lesson.successTitle);
    const enter = page.getByRole('link', { name: R.lesson.enter });
    await expect(enter).toBeVisible();
    expect(new URL((await enter.getAttribute('href'))!, page.url()).toString()).toBe(new URL(lessonUrl, page.url()).toString());
  });

  test(`${locale}: a Russian +79… number is refused with a clear message`, async ({ page, request }) => {
    await page.goto(localePath(locale, '/stud-simple-reg'));
    await wizardReady(page);
    await page.getByLabel(R.lesson.name, { exact: true }).fill('Ivan');
    await page.getByRole('button', { name: R.next }).click();
    const phone = page.getByLabel(R.phone.label);
    await phone.fill('+7 912 345 67 89');
    await page.getByRole('button', { name: R.phone.send }).click();
    await expect(page.getByText(V.phone_not_kz)).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { level: 2 })).toContainText(stepOf(R.stepOf, 2, 3));
    // The server says the same, in the visitor's language, and sends nothing.
    const res = await request.post('/api/sms/send', { data: { phone: '+79123456789', purpose: 'register' }, headers: { 'accept-language': locale } });
    expect(res.status()).toBe(422);
    expect(((await res.json()) as { error: { fields: { phone: string } } }).error.fields.phone).toBe(V.phone_not_kz);
  });

  test(`${locale}: server answers land where they belong (mocked): resend limit, wrong code, existing account`, async ({ page }) => {
    let sends = 0;
    await page.route('**/api/sms/send', async (route) => {
      sends++;
      if (sends === 1) return route.fulfill({ status: 202, json: { sent: true, resendAfter: 1, expiresIn: 300 } });
      return route.fulfill({ status: 429, headers: { 'Retry-After': '30' }, json: { error: { code: 'sms_too_soon', message: 'mock: too soon' } } });
    });
    let registrations = 0;
    await page.route('**/api/auth/register/student', async (route) => {
      registrations++;
      if (registrations === 1) return route.fulfill({ status: 422, json: { error: { code: 'sms_code_wrong', message: 'mock', fields: { code: 'mock: wrong code, 4 tries left' } } } });
      return route.fulfill({ status: 409, json: { error: { code: 'account_exists', message: 'mock: exists' } } });
    });
    await page.goto(localePath(locale, '/stud-sign-up'));
    await wizardReady(page);
    await page.getByLabel(R.student.name, { exact: true }).fill('Aigerim');
    await page.getByLabel(R.student.lastname, { exact: true }).fill('Bekova');
    await page.getByRole('radio', { name: new RegExp(`^${escape(R.student.english)}`) }).check();
    await page.getByRole('button', { name: R.next }).click();
    await page.getByLabel(R.phone.label).fill(uniquePhone());
    await page.getByRole('button', { name: R.phone.send }).click();

    // After the countdown "send again" is announced and usable; a 429 is shown and counted down.
    const resend = page.getByRole('button', { name: S.resend });
    await expect(resend).toBeEnabled({ timeout: 5000 });
    await expect(page.getByRole('status').filter({ hasText: S.resendAvailable })).toHaveCount(1);
    await resend.click();
    await expect(page.getByRole('alert').filter({ hasText: 'mock: too soon' })).toBeVisible();
    await expect(resend).toBeDisabled();
    await expect(page.getByText(before(S.resendIn, '{time}'))).toContainText(/0:(29|30)/);

    const code = page.getByLabel(S.label);
    await code.fill('12 3a');
    await expect(code).toHaveValue('123');
    await code.fill('123456');
    await page.getByRole('button', { name: R.next }).click();
    await page.getByLabel(R.password.label, { exact: true }).fill('Tilmen2024ok');
    await page.getByLabel(R.password.confirm, { exact: true }).fill('Tilmen2024ok');
    await page.getByRole('button', { name: R.student.submit }).click();

    // A wrong code goes back to the code step, under the input.
    const heading = page.getByRole('heading', { level: 2 });
    await expect(heading).toContainText(stepOf(R.stepOf, 3, 4));
    await expect(page.locator('[id$="-code-error"]')).toHaveText('mock: wrong code, 4 tries left');
    await expect(code).toBeFocused();
    await page.getByRole('button', { name: R.next }).click();
    await expect(page.getByLabel(R.password.label, { exact: true })).toHaveValue('Tilmen2024ok');
    await page.getByRole('button', { name: R.student.submit }).click();
    const alert = page.getByRole('alert').filter({ hasText: R.student.accountExists });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: R.student.signIn })).toHaveAttribute('href', localePath(locale, '/stud-sign-in'));
  });

  test(`${locale}: when the code's 5 minutes are over only "send again" is left (mocked clock)`, async ({ page }) => {
    let sends = 0;
    await page.route('**/api/sms/send', (route) => {
      sends++;
      return route.fulfill({ status: 202, json: { sent: true, resendAfter: 1, expiresIn: sends === 1 ? 2 : 300 } });
    });
    await page.goto(localePath(locale, '/stud-simple-reg'));
    await wizardReady(page);
    await page.getByLabel(R.lesson.name, { exact: true }).fill('Aruzhan');
    await page.getByRole('button', { name: R.next }).click();
    const phone = uniquePhone();
    await page.getByLabel(R.phone.label).fill(phone);
    await page.getByRole('button', { name: R.phone.send }).click();

    await expect(page.getByText(S.timeOver)).toBeVisible({ timeout: 5000 });
    await expect(page.getByLabel(S.label)).toHaveCount(0);
    await expect(page.getByRole('button', { name: R.lesson.submit })).toHaveCount(0);
    await page.getByRole('button', { name: S.resend }).click();
    await expect(page.getByText(S.resent)).toBeVisible();
    await expect(page.getByLabel(S.label)).toBeVisible();
    expect(sends).toBe(2);

    // "Change number" goes back with the number kept.
    await page.getByRole('button', { name: S.changeNumber }).click();
    await expect(page.getByLabel(R.phone.label)).toHaveValue(phone);
  });

  test(`${locale}: /sign-up offers both wizards`, async ({ page }) => {
    await page.goto(localePath(locale, '/sign-up'));
    await expect(page).toHaveTitle(R.meta.signUp);
    await expect(page.locator('h1')).toHaveText(R.chooser.title);
    await page.getByRole('link', { name: new RegExp(escape(R.chooser.teachTitle)) }).click();
    await expect(page).toHaveURL(new RegExp(`${escape(localePath(locale, '/teach-sign-up'))}$`));
    await page.goBack();
    await page.getByRole('link', { name: new RegExp(escape(R.chooser.learnTitle)) }).click();
    await expect(page).toHaveURL(new RegExp(`${escape(localePath(locale, '/stud-sign-up'))}$`));
  });

  for (const path of PAGES) {
    test(`${locale}: ${path} is axe-clean, one h1, noindex, no sideways scroll at 360 px`, async ({ page }) => {
      await page.goto(localePath(locale, path));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      if (path !== '/sign-up') await wizardReady(page);
      expect(await page.locator('h1').count()).toBe(1);
      await expect(page).toHaveTitle(/Tilmen/);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      expect(bad).toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
}
