import { expect, test } from '@playwright/test';
import { LOCALES, localePath, messages, readMails, uniquePhone, type Locale, localeTest } from './helpers';

for (const locale of LOCALES) {
  const test = localeTest(locale);
  const m = messages[locale];
  const other: Locale = locale === 'en' ? 'kk' : 'en';

  test(`${locale}: the language dropdown keeps the page and remembers the choice for a year`, async ({ page, context }) => {
    await page.goto(localePath(locale, '/stud-faq') + '?x=1');
    const header = page.locator('header');
    await header.getByRole('button', { name: m.LocaleSwitcher.current.replace('{language}', m.LocaleSwitcher[locale]) }).click();
    await header.getByRole('button', { name: messages[other].LocaleSwitcher[other] }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(other, '/stud-faq')}\\?x=1$`));
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[other].StudFaq.title);
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe(other);
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    // The next visit to an unprefixed page follows the stored choice.
    await page.goto('/stud-tariff-plans');
    await expect(page).toHaveURL(new RegExp(`/${other}/stud-tariff-plans$`));
  });

  test(`${locale}: utm parameters become cookies and reach the stored lead`, async ({ page, context, request }) => {
    await page.goto(localePath(locale, '/student') + '?utm_source=e2e-' + locale + '&utm_medium=cpc&utm_campaign=<b>autumn</b>&ref=x');
    let cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'utm_source')?.value).toBe(`e2e-${locale}`);
    expect(cookies.find((c) => c.name === 'ref')).toBeUndefined();
    // A later visit with other parameters changes the last touch only.
    await page.goto(localePath(locale, '/stud-tariff-plans') + '?utm_source=newsletter');
    cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'utm_source')?.value).toBe('newsletter');
    expect(cookies.find((c) => c.name === 'utm_medium')).toBeUndefined();
    await expect(page.locator('body')).not.toContainText('<b>autumn</b>');

    await page.locator('#feedback').scrollIntoViewIfNeeded();
    const form = page.locator('#feedback form');
    const phone = uniquePhone();
    await form.getByLabel(m.LeadForm.name).fill('Әлия Test');
    await form.getByLabel(m.LeadForm.phone).fill(phone.replace('+7 ', '8 '));
    await form.getByRole('button').first().click();
    await expect(form.getByRole('status')).toContainText(m.LeadForm.callbackSuccess);

    const res = await request.get(`/api/dev/leads?phone=${encodeURIComponent(phone)}`);
    const { leads } = (await res.json()) as { leads: { name: string; locale: string; page: string; kind: string; utmFirst: Record<string, string>; utmLast: Record<string, string> }[] };
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      name: 'Әлия Test',
      locale,
      page: '/stud-tariff-plans',
      kind: 'callback',
      utmFirst: { utm_source: `e2e-${locale}`, utm_medium: 'cpc', utm_campaign: '<b>autumn</b>' },
      utmLast: { utm_source: 'newsletter' },
    });
    // The sales team gets it by e-mail (real SMTP), with the attribution.
    const mail = (await readMails('sales@tilmen.kz', { containing: phone })).find((m) => m.includes(phone));
    expect(mail).toContain(`Первое касание: utm_source=e2e-${locale}`);
    expect(mail).toContain('Последнее касание: utm_source=newsletter');
  });

  test(`${locale}: a wrong phone gets a clear message and nothing is sent`, async ({ page }) => {
    await page.goto(localePath(locale, '/'));
    await page.locator('#callback').scrollIntoViewIfNeeded();
    const form = page.locator('#callback form');
    await form.getByLabel(m.LeadForm.name).fill('Test');
    await form.getByLabel(m.LeadForm.phone).fill('+7 912 123 45 67');
    await form.getByRole('button').first().click();
    await expect(form.getByText(m.Validation.phone_not_kz)).toBeVisible();
    await expect(form.getByLabel(m.LeadForm.phone)).toHaveAttribute('aria-invalid', 'true');
  });

  test(`${locale}: the promo code changes the price`, async ({ page }) => {
    await page.goto(localePath(locale, '/stud-tariff-plans'));
    const basic = page.getByTestId('price-basic');
    const before = await basic.innerText();
    expect(before.replace(/\D/g, '')).toBe('5000');
    await page.getByLabel(m.Promo.label).fill('nope123');
    await page.getByRole('button', { name: m.Promo.applyCode }).click();
    await expect(page.getByText(m.Validation.promo_not_found)).toBeVisible();
    await page.getByLabel(m.Promo.label).fill('tilmen10');
    await page.getByRole('button', { name: m.Promo.applyCode }).click();
    await expect(basic).not.toHaveText(before);
    expect((await basic.innerText()).replace(/\D/g, '')).toBe('4500');
    await expect(page.getByTestId('price-intensive')).toHaveText(/4[\s\u00a0,]?050/);
  });

  test(`${locale}: the burger menu works at 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(localePath(locale, '/student'));
    const open = page.getByRole('button', { name: m.Navigation.openMenu });
    await expect(page.getByRole('navigation', { name: m.Navigation.mainNav })).toBeHidden();
    await open.click();
    const menu = page.getByRole('navigation', { name: m.Navigation.mobileMenu });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: m.Navigation.forTeachers })).toBeVisible();
    await expect(menu.getByRole('link', { name: new RegExp(m.Navigation.learnKazakh) })).toHaveAttribute('target', '_blank');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await menu.getByRole('link', { name: m.Navigation.tariffs }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/stud-tariff-plans')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.StudTariffs.title);
    await expect(menu).toBeHidden();
    // No horizontal scrolling on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}

test('a carousel shows all its slides once near, and its buttons move it by keyboard', async ({ page }) => {
  const m = messages.en;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(localePath('en', '/student'));
  const carousel = page.getByRole('region', { name: m.StudentLanding.reviews.sliderLabel });
  const slides = carousel.locator('li');
  const total = await slides.count();
  expect(total).toBeGreaterThan(3);
  // Far below the fold only the first three are laid out (the rest are in the HTML, hidden).
  await expect(carousel.locator('li:not([hidden])')).toHaveCount(3);
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator('li:not([hidden])')).toHaveCount(total);
  await expect(carousel.locator('.swiper-initialized')).toHaveCount(1);
  const first = await slides.first().boundingBox();
  await carousel.getByRole('button', { name: m.Slider.next }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await slides.first().boundingBox())!.x).toBeLessThan(first!.x - 100);
});

test('the visitor sees when they are offline', async ({ page, context }) => {
  await page.goto('/en/student');
  await context.setOffline(true);
  await expect(page.getByTestId('network-status')).toHaveText(/offline/i);
  await context.setOffline(false);
  await expect(page.getByTestId('network-status')).toHaveText(/back online/i);
});

test('footer documents are real PDFs served by the site; tutors also get their rules', async ({ page, request }) => {
  for (const [path, count] of [['/kk/student', 2], ['/en/teacher', 3]] as const) {
    await page.goto(path);
    const links = page.locator('footer a[href$=".pdf"]');
    await expect(links).toHaveCount(count);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      const res = await request.get(href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('application/pdf');
      expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
  }
  await expect(page.locator('footer').getByRole('link', { name: new RegExp(messages.en.Footer.rules) })).toHaveAttribute('href', '/docs/tutor-rules-en.pdf');
});
