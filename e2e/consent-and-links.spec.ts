import { expect, test, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';
import { asVisitor, leadsOf, LOCALES, localePath, messages, readMails, uniquePhone, localeTest } from './helpers';

// Personal data consent on every form that sends personal data, the tariff page's "Choose" in the
// lead, the teacher landing's calls to action, the ways to the quiz and the simple registration,
// the loading bar for programmatic navigation and prefetch on slow connections.

const policyHref = (locale: string) => `/docs/privacy-policy-${locale}.pdf`;

for (const locale of LOCALES) {
  const test = localeTest(locale);
  const m = messages[locale];

  test(`${locale}: the lead form says what is done with the data, links the policy, and the lead keeps the consent`, async ({ page }) => {
    await asVisitor(page, ['**/api/leads']); // leads are limited per address
    await page.goto(localePath(locale, '/student'));
    await page.locator('#feedback').scrollIntoViewIfNeeded();
    const form = page.locator('#feedback form');
    const notice = form.getByTestId('consent-notice');
    await expect(notice).toContainText(m.LeadForm.consent);
    await expect(notice.getByRole('link', { name: m.LeadForm.privacyPolicy })).toHaveAttribute('href', policyHref(locale));
    const phone = uniquePhone();
    await form.getByLabel(m.LeadForm.name).fill('Consent Test');
    await form.getByLabel(m.LeadForm.phone).fill(phone);
    await form.getByRole('button', { name: m.LeadForm.submit }).click();
    await expect(form.getByRole('status')).toContainText(m.LeadForm.success);
    const [lead] = await leadsOf(page, phone);
    expect(lead).toMatchObject({ kind: 'feedback', page: '/student', consentVersion: CONSENT_VERSION });
    expect(lead!.consentAt).toBeTruthy();
  });

  test(`${locale}: "Choose" on the tariff page carries the plan and the applied promo code into the lead`, async ({ page }) => {
    await asVisitor(page, ['**/api/leads']); // leads are limited per address
    await page.goto(localePath(locale, '/stud-tariff-plans'));
    await page.getByLabel(m.Promo.label).fill('TILMEN10');
    await page.getByRole('button', { name: m.Promo.applyCode }).click();
    await expect(page.getByText(m.Promo.applied.replace('{code}', 'TILMEN10').replace('{percent}', '10'))).toBeVisible();
    await page.locator('[data-choose="advanced"]').click();
    await expect(page).toHaveURL(/#feedback$/);
    const form = page.locator('#feedback form');
    const chosen = form.getByTestId('lead-plan');
    await expect(chosen).toContainText(m.LeadForm.chosenPlan.replace('{plan}', m.StudTariffs.plans.advanced.name));
    await expect(chosen).toContainText(m.LeadForm.chosenPromo.replace('{code}', 'TILMEN10'));
    const phone = uniquePhone();
    await form.getByLabel(m.LeadForm.name).fill('Tariff Test');
    await form.getByLabel(m.LeadForm.phone).fill(phone);
    await form.getByRole('button', { name: m.LeadForm.callbackSubmit }).click();
    await expect(form.getByRole('status')).toContainText(m.LeadForm.callbackSuccess);
    const [lead] = await leadsOf(page, phone);
    expect(lead).toMatchObject({ kind: 'callback', page: '/stud-tariff-plans', plan: 'advanced', promoCode: 'TILMEN10', consentVersion: CONSENT_VERSION });
    const mail = (await readMails('sales@tilmen.kz', { containing: 'Tariff Test' })).find((x) => x.includes('Tariff Test'));
    expect(mail).toContain('Тариф: Продвинутый');
    expect(mail).toContain('Промокод: TILMEN10');
  });

  test(`${locale}: a chosen plan can be removed before sending`, async ({ page }) => {
    await page.goto(localePath(locale, '/stud-tariff-plans'));
    await page.locator('[data-choose="basic"]').click();
    const form = page.locator('#feedback form');
    await expect(form.getByTestId('lead-plan')).toContainText(m.StudTariffs.plans.basic.name);
    await form.getByRole('button', { name: m.LeadForm.clearChoice }).click();
    await expect(form.getByTestId('lead-plan')).toHaveCount(0);
  });

  test(`${locale}: the teacher landing's calls to action open the tutor registration`, async ({ page }) => {
    await page.goto(localePath(locale, '/teacher'));
    const signUp = localePath(locale, '/teach-sign-up');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: m.TeacherLanding.hero.cta })).toHaveAttribute('href', signUp);
    await expect(main.getByRole('link', { name: m.TeacherLanding.steps.cta })).toHaveAttribute('href', signUp);
    await expect(page.locator('header').getByRole('link', { name: m.Navigation.becomeTutor }).first()).toHaveAttribute('href', signUp);
    await main.getByRole('link', { name: m.TeacherLanding.hero.cta }).click();
    await expect(page).toHaveURL(new RegExp(`${signUp}$`));
    await expect(page.getByTestId('consent-notice')).toHaveCount(0); // not before the phone step
    // The teacher tariff page's "Apply" buttons lead there too.
    await page.goto(localePath(locale, '/teach-tariff-plans'));
    for (const link of await page.locator('main [data-choose]').all()) await expect(link).toHaveAttribute('href', signUp);
  });

  test(`${locale}: the quiz and the simple registration are reachable from the student pages`, async ({ page }) => {
    for (const path of ['/student', '/stud-tariff-plans']) {
      await page.goto(localePath(locale, path));
      const block = page.locator('#feedback');
      await expect(block.getByRole('link', { name: m.LeadForm.quizLink })).toHaveAttribute('href', localePath(locale, '/stud-quiz'));
      await expect(block.getByRole('link', { name: m.LeadForm.lessonLink })).toHaveAttribute('href', localePath(locale, '/stud-simple-reg'));
      const footer = page.locator('footer');
      await expect(footer.getByRole('link', { name: m.Navigation.courseQuiz })).toHaveAttribute('href', localePath(locale, '/stud-quiz'));
      await expect(footer.getByRole('link', { name: m.Navigation.enterLesson })).toHaveAttribute('href', localePath(locale, '/stud-simple-reg'));
    }
    await page.locator('#feedback').getByRole('link', { name: m.LeadForm.lessonLink }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/stud-simple-reg')}$`));
  });

  test(`${locale}: the wizards' phone step and the Kazakh test entry say what is done with the data`, async ({ page }) => {
    await page.goto(localePath(locale, '/stud-simple-reg'));
    await page.getByLabel(m.Registration.lesson.name).fill('Дана');
    await page.getByRole('button', { name: m.Registration.next }).click();
    const notice = page.getByTestId('consent-notice');
    await expect(notice).toContainText(m.Registration.phone.consentLesson);
    await expect(notice.getByRole('link', { name: m.Registration.phone.privacyPolicy })).toHaveAttribute('href', policyHref(locale));

    await page.goto(localePath(locale, '/kazakh-test'));
    const entry = page.getByTestId('consent-notice');
    await expect(entry).toContainText(m.Tests.kazakh.form.consent);
    await expect(entry.getByRole('link', { name: m.Tests.kazakh.form.privacyPolicy })).toHaveAttribute('href', policyHref(locale));
  });

  test(`${locale}: the loading bar also runs for a programmatic navigation (the language switch)`, async ({ page }) => {
    await page.goto(localePath(locale, '/stud-faq'));
    // Hold the next page's data back, so the bar (shown after 200 ms) is certainly on screen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/*', async (route) => {
      if (route.request().headers()['rsc'] && !route.request().headers()['next-router-prefetch']) await held;
      await route.continue();
    });
    const other = locale === 'en' ? 'kk' : 'en';
    const header = page.locator('header');
    await header.getByRole('button', { name: m.LocaleSwitcher.current.replace('{language}', m.LocaleSwitcher[locale]) }).click();
    await header.getByRole('button', { name: messages[other].LocaleSwitcher[other] }).click();
    await expect(page.locator('#nprogress .bar')).toBeVisible(); // the container itself has no box
    release();
    await expect(page).toHaveURL(new RegExp(`${localePath(other, '/stud-faq')}$`));
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });
}

test.describe('link prefetch on intent, and never on 2g or with data saver', () => {
  async function prefetchesOnHover(page: Page) {
    const prefetches: string[] = [];
    page.on('request', (r) => {
      const h = r.headers();
      if (h['next-router-prefetch'] || h['next-router-segment-prefetch']) prefetches.push(r.url());
    });
    await page.goto('/student');
    const link = page.locator('header').getByRole('link', { name: messages.ru.Navigation.faq }).first();
    await link.hover();
    // The click's own navigation comes after any prefetch the hover started.
    await link.click();
    await expect(page).toHaveURL(/\/stud-faq$/);
    return prefetches.filter((u) => u.includes('/stud-faq'));
  }

  test('a normal connection prefetches the page pointed at', async ({ page }) => {
    expect((await prefetchesOnHover(page)).length).toBeGreaterThan(0);
  });

  for (const connection of [{ saveData: true, effectiveType: '4g' }, { saveData: false, effectiveType: '2g' }]) {
    test(`no prefetch with ${connection.saveData ? 'data saver on' : 'a 2g connection'}`, async ({ page }) => {
      await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }), connection);
      expect(await prefetchesOnHover(page)).toEqual([]);
    });
  }
});
