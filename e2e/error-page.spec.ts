import { expect, test, type Page } from '@playwright/test';
import { LOCALES, localePath, messages, localeTest } from './helpers';

// The generic error page (spec section 8): the status and a translated sentence for it, a way to try
// again and a way home; never the error's own text or a stack. The failing page is the dev tools'
// /dev/error (ENABLE_DEV_TOOLS, on in e2e), whose error says what a careless one could.

const LEAK = /relation "users"|\/srv\/tilmen|query\.ts|at \S+ \(/;

async function visibleText(page: Page) {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

for (const locale of LOCALES) {
  const test = localeTest(locale);
  const m = messages[locale];

  test(`${locale}: an error with a status shows that status and its safe sentence, never the error's text`, async ({ page }) => {
    await page.goto(localePath(locale, '/dev/error?status=503'));
    await expect(page.getByTestId('error-status')).toHaveText(`${m.ErrorPage.statusLabel}: 503`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.ErrorPage.title);
    await expect(page.getByText(m.ErrorPage.unavailable)).toBeVisible();
    await expect(page.getByRole('button', { name: m.ErrorPage.retry })).toBeVisible();
    await expect(page.getByRole('link', { name: m.ErrorPage.home })).toHaveAttribute('href', localePath(locale, '/'));
    expect(await visibleText(page)).not.toMatch(LEAK);
  });
}

test('ru: a server error is a 500 with the general sentence; "Try again" and the way home work', async ({ page }) => {
  const m = messages.ru;
  await page.goto('/dev/error?in=server');
  await expect(page.getByTestId('error-status')).toHaveText(`${m.ErrorPage.statusLabel}: 500`);
  await expect(page.getByText(m.ErrorPage.text)).toBeVisible();
  expect(await visibleText(page)).not.toMatch(LEAK);
  // Trying again fails the same way and shows the same page.
  await page.getByRole('button', { name: m.ErrorPage.retry }).click();
  await expect(page.getByTestId('error-status')).toHaveText(`${m.ErrorPage.statusLabel}: 500`);
  await page.getByRole('link', { name: m.ErrorPage.home }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('error-status')).toHaveCount(0);
});
