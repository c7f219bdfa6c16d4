import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';
import { features } from '../lib/features';
import { LOCALES, localePath, messages, readMails, type Locale, localeTest } from './helpers';
import { loopbackCall, phoneOf, rand } from './sessions';

const PASSWORD = 'Qazaq2024sky';
const NEW_PASSWORD = 'Steppe7Horizon';
const ME = /\/api\/user2\/me\/?$/;

const PORT = Number(process.env.E2E_PORT ?? 3100);
// `next start` sees its own URL as http://localhost:PORT; the cookie calls (refresh, logout) accept
// only that origin or NEXT_PUBLIC_SITE_URL, so this suite talks to the server by that name.
test.use({ baseURL: `http://localhost:${PORT}` });

/** An API call from its own loopback address (see e2e/sessions.ts): per-IP limits are per call, not per run. */
const call = (method: 'GET' | 'POST', path: string, locale: Locale, body?: unknown) => loopbackCall(method, path, body, { locale });

// Random operator code and number: the per-prefix SMS cap (all digits but the last four) never binds.
const OPERATORS = ['700', '701', '702', '705', '706', '707', '708', '747', '760', '761', '762', '763', '764', '771', '775', '776', '777', '778', '785'];
const randomKzPhone = () => phoneOf(OPERATORS[rand(0, OPERATORS.length - 1)]);

interface Account {
  phone: string;
  email?: string;
  name: string;
  lastname: string;
  /** The session the registration call started (its refresh and marker cookies). */
  cookies: Cookie[];
}

function toCookies(setCookies: string[]): Cookie[] {
  return setCookies
    .map((line) => {
      const [pair, ...attrs] = line.split(';').map((x) => x.trim());
      const [name, ...rest] = pair!.split('=');
      const attr = (key: string) => attrs.find((a) => a.toLowerCase().startsWith(key))?.split('=')[1];
      return {
        name: name!,
        value: rest.join('='),
        domain: 'localhost',
        path: attr('path') ?? '/',
        httpOnly: attrs.some((a) => a.toLowerCase() === 'httponly'),
        secure: false,
        sameSite: 'Lax' as const,
        expires: Math.floor(Date.now() / 1000) + 3600,
      };
    })
    .filter((c) => c.value);
}

/** A student registered through the API (SMS code read from the development outbox). */
async function registerStudent(locale: Locale, extra: { email?: string } = {}): Promise<Account> {
  const phone = randomKzPhone();
  const sent = await call('POST', '/api/sms/send', locale, { phone, purpose: 'register' });
  expect(sent.status, sent.body).toBe(202);
  const outbox = await call('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`, locale);
  const code = (JSON.parse(outbox.body) as { messages: { code: string | null }[] }).messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  const person = { name: 'Айгерим', lastname: 'Test' };
  const res = await call('POST', '/api/auth/register/student', locale, {
    ...person,
    subject: 'english',
    phone,
    code,
    password: PASSWORD,
    confirm: PASSWORD,
    consent: CONSENT_VERSION,
    ...extra,
  });
  expect(res.status, res.body).toBe(201);
  return { phone, ...person, ...extra, cookies: toCookies(res.setCookies) };
}

/** The browser gets the session the registration started, without a sign-in through the form. */
async function useSession(context: BrowserContext, account: Account) {
  await context.addCookies(account.cookies);
}

/** The confirmation link mailed for a new address (path and query, to open on this server). */
async function confirmLink(email: string): Promise<string> {
  const mail = (await readMails(email, { containing: '/email-confirm?token=' })).find((x) => x.includes('/email-confirm?token='));
  const link = new URL(/https?:\/\/\S+\/email-confirm\?token=[\w-]+/.exec(mail ?? '')![0]);
  return link.pathname + link.search;
}

/** Opens the mailed link through the API (the page itself is tried in the e-mail sign-in test). */
async function confirmEmailByApi(locale: Locale, email: string) {
  const token = new URLSearchParams((await confirmLink(email)).split('?')[1]).get('token');
  const res = await call('POST', '/api/auth/email/confirm', locale, { token });
  expect(res.status, res.body).toBe(200);
}

/** Whether the account can sign in with this e-mail (only once the address is confirmed). */
async function emailLoginWorks(locale: Locale, email: string): Promise<boolean> {
  return (await call('POST', '/api/auth/login', locale, { login: email, password: PASSWORD })).status === 200;
}

async function signIn(page: Page, locale: Locale, login: string, password = PASSWORD) {
  const m = messages[locale];
  await page.getByLabel(m.SignIn.login).fill(login);
  await page.getByLabel(m.SignIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: m.SignIn.submit, exact: true }).click();
}

// security.md item 19, then the outside probe's vectors that collapse into // once normalised.
const VECTORS = ['//evil.com', '/\\evil.com', '/%09/evil.com', 'https://evil.com', 'javascript:alert(1)', '/.//evil.example/phish', '/a/..//evil.example/phish', '/%2e%2e//evil.example/x'];
/** Through the sign-in form: [?next=, where the visitor lands (null: home)]. */
const FORM_CASES: Record<Locale, [string, string | null][]> = {
  ru: [['//evil.com', null], ['/\\evil.com', null], ['/.//evil.example/phish', null]],
  kk: [['/%09/evil.com', null], ['https://evil.com', null], ['/%2e%2e//evil.example/x', null]],
  en: [['javascript:alert(1)', null], ['/a/..//evil.example/phish', null], ['/en/stud-faq?x=1', '/en/stud-faq?x=1']],
};
const expectPath = async (page: Page, path: string) => expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function hasAuthCookie(context: BrowserContext) {
  return (await context.cookies()).some((c) => c.name === 'auth' && c.value === '1');
}

for (const locale of LOCALES) {
  const test = localeTest(locale);
  const m = messages[locale];
  const home = localePath(locale, '/');

  test.describe(`${locale}: accounts`, () => {
    test.skip(!features.accounts, 'accounts are switched off in lib/features.ts');

    test(`${locale}: a student signs in by phone; the header, the cabinet and sign-out`, async ({ page, context }) => {
      const account = await registerStudent(locale);
      await page.goto(localePath(locale, '/stud-sign-in'));
      await expect(page.getByRole('link', { name: m.SignIn.signUp })).toHaveAttribute('href', localePath(locale, '/stud-sign-up'));
      await expect(page.getByRole('link', { name: m.SignIn.forgot })).toHaveAttribute('href', localePath(locale, '/reset-password'));
      // The phone as people type it: 8 7XX…
      await signIn(page, locale, '8' + account.phone.replace(/\D/g, '').slice(1));
      await expectPath(page, home);
      expect(await hasAuthCookie(context)).toBe(true);

      const header = page.locator('header').first();
      const cabinet = header.getByRole('link', { name: m.AuthHeader.cabinet });
      await expect(cabinet).toBeVisible();
      await expect(header.getByRole('link', { name: m.Navigation.signIn, exact: true })).toHaveCount(0);

      // A reload keeps the session (refresh cookie) and the header still knows the visitor.
      await page.reload();
      await expect(cabinet).toBeVisible();
      await cabinet.click();
      await expectPath(page, localePath(locale, '/cabinet'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Cabinet.title);
      await expect(page.getByTestId('cabinet-name')).toHaveText(`${account.name} ${account.lastname}`);
      await expect(page.getByTestId('cabinet-phone')).toHaveText(account.phone);
      await expect(page.getByTestId('cabinet-email')).toHaveText(m.Cabinet.emailNone);

      // Guest-only pages: a signed-in visitor opening a sign-in or sign-up page goes to the cabinet.
      for (const path of ['/sign-in', '/stud-sign-in', '/sign-up', '/stud-sign-up', '/teach-sign-up']) {
        await page.goto(localePath(locale, path));
        await expectPath(page, localePath(locale, '/cabinet'));
      }
      // The spec's login path answers for the sign-in page too.
      await page.goto(localePath(locale, '/login'));
      await expectPath(page, localePath(locale, '/cabinet'));

      await page.goto(localePath(locale, '/cabinet'));
      await page.getByRole('button', { name: m.Cabinet.signOut }).click();
      await expectPath(page, home);
      await expect(header.getByRole('link', { name: m.Navigation.signIn, exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: m.AuthHeader.cabinet })).toHaveCount(0);
      expect(await hasAuthCookie(context)).toBe(false);
      await page.reload();
      await expect(header.getByRole('link', { name: m.Navigation.signIn, exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: m.AuthHeader.cabinet })).toHaveCount(0);
    });

    test(`${locale}: a signed-in student's placement result is kept with the account and listed in the cabinet`, async ({ page, context }) => {
      test.skip(locale !== 'en', 'one locale is enough: the flow is the same');
      const account = await registerStudent(locale);
      await useSession(context, account);
      await page.goto(localePath(locale, '/stud-test'));
      await expect(page.locator('header').first().getByRole('link', { name: m.AuthHeader.cabinet })).toBeVisible();
      await page.getByRole('button', { name: m.Tests.placement.start }).click();
      await page.getByTestId('test-finish').click();
      await page.getByRole('button', { name: m.Tests.runner.confirmFinish, exact: true }).click();
      await expect(page.getByTestId('test-level')).toHaveText('Beginner (A1-)');
      await page.goto(localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-tests')).toContainText(`${m.Cabinet.tests.placement}: Beginner (A1-)`);
      await expect(page.getByTestId('cabinet-tests')).toContainText(m.Cabinet.tests.score.replace('{correct}', '0').replace('{total}', '30'));
    });

    test(`${locale}: a tutor's cabinet shows the application status and its review date`, async ({ page, context }) => {
      const phone = randomKzPhone();
      expect((await call('POST', '/api/sms/send', locale, { phone, purpose: 'register' })).status).toBe(202);
      const outbox = await call('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`, locale);
      const code = (JSON.parse(outbox.body) as { messages: { code: string | null }[] }).messages[0]?.code;
      const res = await call('POST', '/api/auth/register/tutor', locale, {
        tutorKind: 'local',
        name: 'Ерлан',
        lastname: 'Tutor',
        teachingLanguage: 'kk',
        subject: 'mathematics',
        phone,
        code,
        password: PASSWORD,
        confirm: PASSWORD,
        consent: CONSENT_VERSION,
      });
      expect(res.status, res.body).toBe(201);
      const { application } = JSON.parse(res.body) as { application: { status: string; reviewDueAt: string } };
      await useSession(context, { phone, name: 'Ерлан', lastname: 'Tutor', cookies: toCookies(res.setCookies) });
      await page.goto(localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-name')).toHaveText('Ерлан Tutor');
      await expect(page.getByRole('heading', { name: m.Cabinet.application })).toBeVisible();
      await expect(page.getByTestId('cabinet-application-status')).toHaveText(m.Cabinet[`status_${application.status}` as 'status_submitted']);
      await expect(page.locator(`time[datetime="${application.reviewDueAt}"]`)).toBeVisible();
      await expect(page.getByText(m.Cabinet.reviewNote)).toBeVisible();
    });

    test(`${locale}: a wrong password is said in the live region and on the field`, async ({ page }) => {
      const account = await registerStudent(locale);
      await page.goto(localePath(locale, '/sign-in'));
      await page.getByRole('button', { name: m.SignIn.submit, exact: true }).click();
      await expect(page.getByLabel(m.SignIn.login)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(m.Validation.required).first()).toBeVisible();
      await signIn(page, locale, account.phone, 'Wrong1password');
      await expect(page.getByRole('status').filter({ hasText: m.Errors.invalid_credentials })).toBeVisible();
      await expectPath(page, localePath(locale, '/sign-in'));
      // Show/hide password.
      const password = page.getByLabel(m.SignIn.password, { exact: true });
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: m.SignIn.showPassword }).click();
      await expect(password).toHaveAttribute('type', 'text');
    });

    test(`${locale}: e-mail sign-in, once the address is confirmed by the mailed link`, async ({ page }) => {
      const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.kz`;
      await registerStudent(locale, { email });
      expect(await emailLoginWorks(locale, email)).toBe(false);
      const link = await confirmLink(email);
      expect(link.split('?')[0]).toBe(localePath(locale, '/email-confirm'));
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.EmailConfirm.title);
      await expect(page.getByRole('main').getByRole('status')).toContainText(email);
      await expect(page).toHaveURL((u) => !u.search.includes('token'));
      expect(await emailLoginWorks(locale, email)).toBe(true);
      await page.goto(link);
      await expect(page.getByText(m.EmailConfirm.invalid)).toBeVisible();
      await page.goto(localePath(locale, '/stud-sign-in'));
      await signIn(page, locale, email.toUpperCase());
      await expectPath(page, home);
      await expect(page.locator('header').first().getByRole('link', { name: m.AuthHeader.cabinet })).toBeVisible();
    });

    test(`${locale}: /cabinet signed out goes to sign-in and comes back after it`, async ({ page }) => {
      const account = await registerStudent(locale);
      const errors = watchConsole(page);
      await page.goto(localePath(locale, '/cabinet'));
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/sign-in')}\\?next=`));
      expect(await page.evaluate(() => sessionStorage.getItem('tilmen:return-to'))).toBe(localePath(locale, '/cabinet'));
      await signIn(page, locale, account.phone);
      await expectPath(page, localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-phone')).toHaveText(account.phone);
      expect(errors).toEqual([]);
    });

    test(`${locale}: /login is a permanent redirect to sign-in that keeps ?next=`, async ({ page }) => {
      const res = await call('GET', `${localePath(locale, '/login')}?next=${encodeURIComponent(localePath(locale, '/cabinet'))}&x=1`, locale);
      expect(res.status).toBe(308);
      expect(res.setCookies).toEqual([]);
      const res2 = await call('GET', localePath(locale, '/login'), locale);
      expect(res2.status).toBe(308);
      const account = await registerStudent(locale);
      await page.goto(`${localePath(locale, '/login')}?next=${encodeURIComponent(localePath(locale, '/cabinet'))}`);
      await expectPath(page, `${localePath(locale, '/sign-in')}?next=${encodeURIComponent(localePath(locale, '/cabinet'))}`);
      await signIn(page, locale, account.phone);
      await expectPath(page, localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-phone')).toHaveText(account.phone);
    });

    test(`${locale}: the cabinet adds an e-mail (pending until its link is opened) and changes the password`, async ({ page, context, browser }) => {
      const E = m.Cabinet.emailCard;
      const P = m.Cabinet.passwordCard;
      const account = await registerStudent(locale);
      await useSession(context, account);
      // Another device, signed in on its own (a session of its own).
      const other = await browser.newContext({ baseURL: `http://localhost:${PORT}` });
      const login = await call('POST', '/api/auth/login', locale, { login: account.phone, password: PASSWORD });
      expect(login.status, login.body).toBe(200);
      await other.addCookies(toCookies(login.setCookies));

      await page.goto(localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-email')).toHaveText(m.Cabinet.emailNone);
      const emailCard = page.getByRole('region', { name: E.title, exact: true });
      await expect(emailCard.getByTestId('cabinet-email-pending')).toHaveCount(0);
      const email = `cabinet-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.kz`;
      await emailCard.getByLabel(E.label, { exact: true }).fill('nobody@');
      await emailCard.getByRole('button', { name: E.add }).click();
      await expect(emailCard.getByText(m.Validation.email_invalid)).toBeVisible();
      await emailCard.getByLabel(E.label, { exact: true }).fill(email);
      await emailCard.getByRole('button', { name: E.add }).click();
      await expect(emailCard.getByTestId('cabinet-email-pending')).toContainText(E.pending.replace('{email}', email));
      // Pending survives a reload; the address does not count yet.
      await page.reload();
      await expect(page.getByTestId('cabinet-email-pending')).toContainText(email);
      await expect(page.getByTestId('cabinet-email')).toHaveText(m.Cabinet.emailNone);
      expect(await emailLoginWorks(locale, email)).toBe(false);
      const link = await confirmLink(email);
      await page.goto(link);
      await expect(page.getByRole('main').getByRole('status')).toContainText(email);
      await page.goto(localePath(locale, '/cabinet'));
      await expect(page.getByTestId('cabinet-email')).toHaveText(email);
      await expect(page.getByTestId('cabinet-email-pending')).toHaveCount(0);
      await expect(page.getByRole('button', { name: E.change })).toBeVisible();
      expect(await emailLoginWorks(locale, email)).toBe(true);

      // The password: a wrong current one is said on its field; the rules as in the reset form.
      const passwordCard = page.getByRole('region', { name: P.title, exact: true });
      await passwordCard.getByLabel(P.current, { exact: true }).fill('Wrong1password');
      await passwordCard.getByLabel(P.new, { exact: true }).fill('abc');
      await expect(passwordCard.locator('li[data-ok="false"]')).toHaveCount(3);
      await passwordCard.getByLabel(P.new, { exact: true }).fill(NEW_PASSWORD);
      await expect(passwordCard.locator('li[data-ok="true"]')).toHaveCount(4);
      await passwordCard.getByLabel(P.confirm, { exact: true }).fill(NEW_PASSWORD);
      await passwordCard.getByRole('button', { name: P.submit }).click();
      await expect(passwordCard.locator('[id$="-current-error"]')).toHaveText(m.Validation.wrong_current_password);
      await expect(passwordCard.getByLabel(P.current, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await passwordCard.getByLabel(P.current, { exact: true }).fill(PASSWORD);
      await passwordCard.getByRole('button', { name: P.submit }).click();
      await expect(passwordCard.getByRole('status')).toHaveText(P.done);
      await expect(passwordCard.getByLabel(P.current, { exact: true })).toHaveValue('');
      // This device stays signed in (the new token and cookie), the other one is signed out.
      await page.reload();
      await expect(page.getByTestId('cabinet-email')).toHaveText(email);
      const otherPage = await other.newPage();
      await otherPage.goto(localePath(locale, '/cabinet'));
      await expect(otherPage).toHaveURL(new RegExp(`${localePath(locale, '/sign-in')}\\?next=`));
      await other.close();
      expect((await call('POST', '/api/auth/login', locale, { login: account.phone, password: PASSWORD })).status).toBe(401);
      expect((await call('POST', '/api/auth/login', locale, { login: email, password: NEW_PASSWORD })).status).toBe(200);
    });

    test(`${locale}: redirect targets that leave the site never leave it (home after signing in, the cabinet when signed in already)`, async ({ page, context }) => {
      page.on('dialog', (d) => {
        throw new Error(`unexpected dialog: ${d.message()}`);
      });
      // Through the form: two vectors per locale (the per-IP login limit is shared by the whole run).
      const account = await registerStudent(locale);
      for (const [next, lands] of FORM_CASES[locale]) {
        await context.clearCookies();
        await page.goto(`${localePath(locale, '/sign-in')}?next=${encodeURIComponent(next)}`);
        await signIn(page, locale, account.phone);
        await expectPath(page, lands ?? home);
      }
      // Every vector, for a visitor who is already signed in and is sent on from the login page.
      await context.clearCookies();
      await useSession(context, await registerStudent(locale));
      for (const vector of VECTORS) {
        await page.goto(`${localePath(locale, '/sign-in')}?next=${encodeURIComponent(vector)}`);
        await expectPath(page, localePath(locale, '/cabinet'));
        expect(new URL(page.url()).host).toBe(`localhost:${PORT}`);
      }
    });

    test(`${locale}: the headers stay signed out when the me call fails`, async ({ page, context }) => {
      await useSession(context, await registerStudent(locale));
      const errors = watchConsole(page);
      for (const failure of ['500', 'network'] as const) {
        await page.route(ME, (route) => (failure === '500' ? route.fulfill({ status: 500, body: 'boom' }) : route.abort('failed')));
        for (const path of ['/', '/teacher']) {
          const seen = page.waitForRequest(ME);
          await page.goto(localePath(locale, path));
          await seen;
          const header = page.locator('header').first();
          await expect(header.getByRole('link', { name: m.Navigation.signIn, exact: true })).toBeVisible();
          await expect(header.getByRole('link', { name: m.AuthHeader.cabinet })).toHaveCount(0);
          await expect(header.getByRole('button', { name: new RegExp(m.AuthHeader.accountMenu) })).toHaveCount(0);
        }
        await page.unroute(ME);
      }
      expect(errors.filter((e) => !/Failed to load resource|net::ERR_FAILED/.test(e))).toEqual([]);
    });

    test(`${locale}: signing out while the header's me call is on its way leaves the page signed out`, async ({ page, context }) => {
      await useSession(context, await registerStudent(locale));
      // The me answer (made with the session, before the sign-out) reaches the page only later, as on a slow network.
      let delivered = false;
      await page.route(ME, async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 2500));
        await route.fulfill({ response }).catch(() => undefined);
        delivered = true;
      });
      await page.goto(localePath(locale, '/cabinet'));
      await page.getByRole('button', { name: m.Cabinet.signOut }).click();
      await expectPath(page, home);
      await expect.poll(() => delivered, { timeout: 10_000 }).toBe(true);
      const header = page.locator('header').first();
      await expect(header.getByRole('link', { name: m.Navigation.signIn, exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: m.AuthHeader.cabinet })).toHaveCount(0);
    });

    test(`${locale}: signed out, the student header asks the cabinet; no refresh call, no console error`, async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (r) => /\/api\//.test(r.url()) && calls.push(new URL(r.url()).pathname));
      const errors = watchConsole(page);
      const me = page.waitForResponse(ME);
      await page.goto(localePath(locale, '/stud-faq'));
      expect((await me).status()).toBe(200);
      await page.waitForLoadState('networkidle');
      expect(calls.filter((c) => !/^\/api\/user2\/me\/?$/.test(c))).toEqual([]);
      await expect(page.locator('header').first().getByRole('link', { name: m.Navigation.signUp, exact: true })).toHaveAttribute('href', localePath(locale, '/stud-sign-up'));
      expect(errors).toEqual([]);
    });

    test(`${locale}: a marketing page's own scripts leave out what only signed-in visitors need`, async () => {
      const html = (await call('GET', localePath(locale, '/stud-faq'), locale)).body;
      const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((x) => x[1]!))];
      expect(srcs.length).toBeGreaterThan(0);
      const scripts = await Promise.all(srcs.map(async (src) => ({ src, body: (await call('GET', src, locale)).body })));
      // The session module (refresh, sign-out), the axios client and the sign-in form load on demand.
      expect(scripts.filter(({ body }) => /\/api\/auth\/logout|AxiosError|welcome123/.test(body)).map((x) => x.src)).toEqual([]);
    });

    test(`${locale}: the teacher header's avatar menu: initials, profile, click-catcher, logout`, async ({ page, context }) => {
      const account = await registerStudent(locale);
      // Signed out, the teacher header makes no me call and the page makes no refresh call.
      const calls: string[] = [];
      page.on('request', (r) => /\/api\/(user2\/me|member\/refresh)/.test(r.url()) && calls.push(r.url()));
      const errors = watchConsole(page);
      await page.goto(localePath(locale, '/teacher'));
      await expect(page.locator('header').first().getByRole('link', { name: m.Navigation.signIn, exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
      expect(errors).toEqual([]);

      await useSession(context, account);
      await page.goto(localePath(locale, '/teacher'));
      const header = page.locator('header').first();
      const avatar = header.getByRole('button', { name: `${m.AuthHeader.accountMenu}: ${account.name} ${account.lastname}` });
      await expect(avatar).toBeVisible();
      await expect(avatar).toHaveText('АT');
      const box = await avatar.boundingBox();
      expect(box?.width).toBe(64);
      expect(box?.height).toBe(64);
      expect(await avatar.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');

      await avatar.click();
      await expect(header.getByRole('link', { name: m.AuthHeader.profile })).toBeVisible();
      await page.getByTestId('avatar-click-catcher').click({ position: { x: 20, y: 400 } });
      await expect(header.getByRole('link', { name: m.AuthHeader.profile })).toHaveCount(0);
      await avatar.click();
      await page.keyboard.press('Escape');
      await expect(avatar).toBeFocused();
      await avatar.click();
      await header.getByRole('link', { name: m.AuthHeader.profile }).click();
      await expectPath(page, localePath(locale, '/cabinet'));

      await page.goto(localePath(locale, '/teacher'));
      await avatar.click();
      await header.getByRole('button', { name: m.AuthHeader.logout }).click();
      // The spec's logout target.
      await expectPath(page, home);
      await expect(header.getByRole('link', { name: m.Navigation.signIn, exact: true })).toBeVisible();
      await expect(avatar).toHaveCount(0);
      expect(await hasAuthCookie(context)).toBe(false);
    });

    test(`${locale}: the mobile menus show the account entries`, async ({ page, context }) => {
      const account = await registerStudent(locale);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(localePath(locale, '/student'));
      await page.getByRole('button', { name: m.Navigation.openMenu }).click();
      let menu = page.getByRole('navigation', { name: m.Navigation.mobileMenu });
      // The panel fills the screen below the header (not squeezed into the header's box).
      const panelId = await page.getByRole('button', { name: m.Navigation.closeMenu }).getAttribute('aria-controls');
      expect((await page.locator(`[id="${panelId}"]`).boundingBox())!.height).toBeGreaterThan(600);
      await expect(menu.getByRole('link', { name: m.Navigation.signIn, exact: true })).toHaveAttribute('href', localePath(locale, '/stud-sign-in'));
      await expect(menu.getByRole('link', { name: m.Navigation.signUp, exact: true })).toHaveAttribute('href', localePath(locale, '/stud-sign-up'));
      await page.goto(localePath(locale, '/teacher'));
      await page.getByRole('button', { name: m.Navigation.openMenu }).click();
      await expect(menu.getByRole('link', { name: m.Navigation.signIn, exact: true })).toHaveAttribute('href', localePath(locale, '/sign-in'));
      await expect(menu.getByRole('link', { name: m.Navigation.signUp, exact: true })).toHaveAttribute('href', localePath(locale, '/sign-up'));
      await menu.getByRole('link', { name: m.Navigation.signIn, exact: true }).click();
      await expectPath(page, localePath(locale, '/sign-in'));
      await useSession(context, account);
      await page.goto(localePath(locale, '/student'));
      await page.getByRole('button', { name: m.Navigation.openMenu }).click();
      menu = page.getByRole('navigation', { name: m.Navigation.mobileMenu });
      await expect(menu.getByRole('link', { name: m.AuthHeader.cabinet })).toBeVisible();
      await expect(menu.getByRole('link', { name: m.Navigation.signIn, exact: true })).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The teacher burger's sign-out ends on the home page (the spec's logout target).
      await page.goto(localePath(locale, '/teacher'));
      await page.getByRole('button', { name: m.Navigation.openMenu }).click();
      await menu.getByRole('button', { name: m.AuthHeader.logout }).click();
      await expectPath(page, home);
      expect(await hasAuthCookie(context)).toBe(false);
    });

    test(`${locale}: reset by e-mail: the same answer for any address; made-up and missing links`, async ({ page }) => {
      // Any address gets the same answer.
      await page.goto(localePath(locale, '/reset-password'));
      await page.getByRole('link', { name: new RegExp(m.Reset.byEmail) }).click();
      await expectPath(page, localePath(locale, '/reset-password/email'));
      await page.getByLabel(m.Reset.email).fill('nobody-' + Date.now() + '@example.kz');
      await page.getByRole('button', { name: m.Reset.emailSubmit }).click();
      await expect(page.getByText(m.Reset.emailSent)).toBeVisible();

      // A made-up or missing token.
      await page.goto(localePath(locale, '/reset-password/hash') + '?token=' + 'x'.repeat(43));
      await expect(page.getByText(m.Reset.linkInvalid)).toBeVisible();
      await expect(page.getByRole('link', { name: m.Reset.requestNew })).toHaveAttribute('href', localePath(locale, '/reset-password/email'));
      await page.goto(localePath(locale, '/reset-password/password'));
      await expect(page.getByText(m.Reset.noToken)).toBeVisible();
    });

    test(`${locale}: reset by e-mail: the mailed link works once`, async ({ page }) => {
      const email = `reset-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.kz`;
      const account = await registerStudent(locale, { email });
      await confirmEmailByApi(locale, email);
      expect(await emailLoginWorks(locale, email)).toBe(true);
      await page.goto(localePath(locale, '/reset-password/email'));
      await page.getByLabel(m.Reset.email).fill(email);
      await page.getByRole('button', { name: m.Reset.emailSubmit }).click();
      await expect(page.getByText(m.Reset.emailSent)).toBeVisible();
      const mail = (await readMails(email, { containing: '/reset-password/hash?token=' })).find((x) => x.includes('/reset-password/hash?token='));
      const link = new URL(/https?:\/\/\S+\/reset-password\/hash\?token=[\w-]+/.exec(mail ?? '')![0]);
      expect(link.pathname).toBe(localePath(locale, '/reset-password/hash'));
      await page.goto(link.pathname + link.search);
      await expectPath(page, localePath(locale, '/reset-password/password'));
      await page.getByLabel(m.Reset.newPassword, { exact: true }).fill('abc');
      await expect(page.locator('li[data-ok="false"]')).toHaveCount(3);
      await page.getByLabel(m.Reset.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await expect(page.locator('li[data-ok="true"]')).toHaveCount(4);
      await page.getByLabel(m.Reset.confirm, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: m.Reset.save }).click();
      await expect(page.getByText(m.Reset.done)).toBeVisible();
      await page.getByRole('link', { name: m.Reset.signIn }).click();
      await signIn(page, locale, account.phone, NEW_PASSWORD);
      await expectPath(page, home);
      // The link worked once.
      await page.goto(link.pathname + link.search);
      await expect(page.getByText(m.Reset.linkInvalid)).toBeVisible();
    });
  });

  test(`${locale}: /reset-password/qr: the support contacts and a QR code of the WhatsApp link`, async ({ page }) => {
    await page.goto(localePath(locale, '/reset-password/qr'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Reset.qrTitle);
    await expect(page.getByRole('link', { name: new RegExp(m.Reset.call) })).toHaveAttribute('href', /^tel:\+7\d{10}$/);
    await expect(page.getByRole('link', { name: new RegExp(m.Reset.write) })).toHaveAttribute('href', /^mailto:\S+@\S+$/);
    const wa = page.getByRole('link', { name: new RegExp(m.Reset.whatsapp) });
    await expect(wa).toHaveAttribute('href', /^https:\/\/wa\.me\/7\d{10}$/);
    const qr = page.getByRole('img', { name: m.Reset.qrLabel });
    await expect(qr).toHaveAttribute('data-qr-text', (await wa.getAttribute('href'))!);
  });

  const PAGES: { path: string; title: string; h1: string; signedIn?: boolean }[] = [
    { path: '/sign-in', title: m.SignIn.metaTitle, h1: m.SignIn.title },
    { path: '/stud-sign-in', title: m.SignIn.metaTitleStudent, h1: m.SignIn.titleStudent },
    { path: '/reset-password', title: m.Reset.metaTitle, h1: m.Reset.title },
    { path: '/reset-password/email', title: m.Reset.emailMetaTitle, h1: m.Reset.emailTitle },
    { path: '/reset-password/hash?token=' + 'y'.repeat(43), title: m.Reset.hashMetaTitle, h1: m.Reset.hashTitle },
    { path: '/reset-password/password', title: m.Reset.passwordMetaTitle, h1: m.Reset.passwordTitle },
    { path: '/reset-password/qr', title: m.Reset.qrMetaTitle, h1: m.Reset.qrTitle },
    { path: '/cabinet', title: m.Cabinet.metaTitle, h1: m.Cabinet.title, signedIn: true },
  ];
  for (const p of PAGES) {
    test(`axe: ${localePath(locale, p.path)}: title, noindex, one h1, no serious violations at 360 and 1280 px`, async ({ page, context }) => {
      test.skip(!!p.signedIn && !features.accounts, 'accounts are switched off');
      if (p.signedIn) {
        await useSession(context, await registerStudent(locale));
        await page.goto(localePath(locale, p.path));
        await expect(page.getByTestId('cabinet-phone')).toBeVisible();
      } else {
        await page.goto(localePath(locale, p.path));
      }
      await expect(page).toHaveTitle(p.title);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.waitForLoadState('networkidle');
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const bad = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
        expect(bad, `at ${width}px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });
  }
}
