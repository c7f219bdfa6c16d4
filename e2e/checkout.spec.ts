import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { messages } from './helpers';
import { signInToCabinet } from './marketplace';
import { signUp } from './sessions';
import { adminCreate, enrolStaff } from './staff';
import { payOnFakeBank } from './bank';

// Paying for a package (issue 24, docs/payments.md) through the local fake of Halyk ePay that
// server.mjs starts without merchant credentials: the tariff page's "Buy online" → a tutor →
// signing in on the way → the fake's hosted page with the 3-D Secure step → the return page, which
// asks our server → the cabinet's package. A declined card leaves no package and says so. Then
// the package is used: a weekly series booked from the cabinet (Tue and Thu 19:00, Daniyar's hours),
// one lesson cancelled in time comes back, and the payment's fiscal receipt (the local fake of
// Webkassa, started by server.mjs) is linked in the payments list.

const en = messages.en;

test('a student buys Advanced on the fake hosted page with 3-D Secure and finds 16 lessons in the cabinet, books a weekly series, cancels one in time and gets it back, sees the receipt; a declined card leaves none', async ({ page }) => {
  test.setTimeout(120_000);
  const { phone, password } = await signUp('student', { name: 'Aruzhan', lastname: 'Pay', subject: 'english' }, { locale: 'en' });

  await page.goto('/en/stud-tariff-plans');
  await page.locator('[data-buy="advanced"]').click();
  await expect(page).toHaveURL(/\/en\/checkout\?plan=advanced/);
  await page.getByTestId('checkout-tutors').getByRole('link', { name: /Daniyar/ }).click();
  await expect(page.getByTestId('test-payment')).toHaveText(en.Checkout.testBadge);
  // Daniyar's price 8 000 ₸, Advanced −5 %: 7 600 ₸ a lesson, 121 600 ₸ for 16.
  await expect(page.getByTestId('total')).toHaveText('121\u00a0600\u00a0₸');

  await page.getByTestId('pay').click();
  await page.getByTestId('checkout').getByRole('link', { name: en.Checkout.signIn, exact: true }).click();
  await page.getByLabel(en.SignIn.login).fill(phone);
  await page.getByLabel(en.SignIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.SignIn.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/checkout\?tutor=\d+&plan=advanced/);

  await page.getByTestId('pay').click();
  await expect(page.getByRole('heading', { name: /Payment of 121600 KZT/ })).toBeVisible();
  await payOnFakeBank(page);
  await expect(page).toHaveURL(/\/en\/checkout\/return\?invoice=\d+/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
  await expect(page.getByTestId('payment-result').getByRole('status')).toHaveText(en.Checkout.paid.replace('{lessons}', '16'));

  await page.getByRole('link', { name: en.Checkout.toCabinet }).click();
  const pkg = page.getByTestId('cabinet-money').getByTestId('package');
  await expect(pkg).toHaveCount(1);
  await expect(pkg.getByTestId('lessons-left')).toHaveText('16 of 16 lessons left');

  // A weekly series: Tuesday and Thursday 19:00 for 3 weeks; the dates are shown before booking
  // (on a 360 px wide phone, by keyboard-operable native controls, axe clean).
  await page.setViewportSize({ width: 360, height: 800 });
  const book = en.Cabinet.book;
  await pkg.getByTestId('book-lessons').click();
  const panel = pkg.getByTestId('paid-booking');
  await panel.getByRole('checkbox', { name: 'Tuesday' }).check();
  await panel.getByRole('checkbox', { name: 'Thursday' }).check();
  await panel.getByLabel(book.time).selectOption('19:00');
  await panel.getByLabel(book.weeks).selectOption('3');
  await panel.getByRole('button', { name: book.showDates }).click();
  await expect(panel.getByTestId('series-preview').getByRole('listitem').first()).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[data-testid="cabinet-money"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await panel.getByRole('button', { name: /^Book \d+ lessons?$/ }).click();
  const result = panel.getByTestId('booking-result');
  await expect(result).toContainText(/\d+ lessons? booked/);
  const booked = Number(/(\d+) lessons? booked/.exec((await result.textContent()) ?? '')![1]);
  expect(booked).toBeGreaterThan(0);
  await expect(pkg.getByTestId('lessons-left')).toHaveText(new RegExp(`^${16 - booked} of 16 lessons left · ${booked} lessons? booked$`));

  // Cancelled in time (8 hours or more before): the lesson is back in the package.
  const lessons = page.getByRole('region', { name: en.Cabinet.lessons.title, exact: true });
  await expect(lessons.getByText(en.Cabinet.lessons.deadlinePaid.replace('{hours, plural, one {# hour} other {# hours}}', '8 hours')).first()).toBeVisible();
  await lessons.getByRole('button', { name: en.Cabinet.lessons.cancel }).first().click();
  await lessons.getByRole('alertdialog').getByRole('button', { name: en.Cabinet.lessons.cancelYes }).click();
  await expect(lessons.getByText(en.Cabinet.lessons.cancelled)).toBeVisible();
  await page.reload();
  await expect(pkg.getByTestId('lessons-left')).toHaveText(new RegExp(`^${16 - booked + 1} of 16 lessons left( · ${booked - 1} lessons? booked)?$`));

  // The payment's fiscal receipt: issued by the job, linked in the payments list.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('cabinet-money').getByTestId('receipt-link')).toHaveText('Receipt for 121\u00a0600\u00a0₸', { timeout: 1500 });
  }).toPass({ timeout: 20_000 });

  // Again with a declined card: no second package, a clear message.
  await page.goto('/en/checkout?plan=basic');
  await page.getByTestId('checkout-tutors').getByRole('link', { name: /Daniyar/ }).click();
  await page.getByTestId('pay').click();
  await page.getByLabel('Card number').fill('4003 0327 0454 7597');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'declined', { timeout: 20_000 });
  await expect(page.getByTestId('payment-result').getByRole('status')).toHaveText(en.Checkout.declined);
  await page.goto('/en/cabinet');
  await expect(page.getByTestId('cabinet-money').getByTestId('package')).toHaveCount(1);
  await expect(page.getByTestId('cabinet-money').getByTestId('payment')).toHaveCount(2);
});

// In Kazakh: a promo code in the price, a payment abandoned on the bank's page (the return page says
// it was not completed and no package appears), then paid; the unused lessons refunded from the
// cabinet: the money goes back to the card and both fiscal receipts, the sale's and the return's,
// are linked beside the payment.
test('kk: a promo code lowers the price; a payment abandoned on the bank page leaves no package and says so; paid, then refunded with both receipts', async ({ page }) => {
  test.setTimeout(120_000);
  const kk = messages.kk;
  const C = kk.Checkout;
  const M = kk.Cabinet.money;
  const { phone, password } = await signUp('student', { name: 'Әсел', lastname: 'Қайтарым', subject: 'english' }, { locale: 'kk' });
  await signInToCabinet(page, phone, password, 'kk');

  await page.goto('/kk/checkout?plan=basic');
  await page.getByTestId('checkout-tutors').getByRole('link', { name: /Daniyar|Данияр/ }).click();
  const total = page.getByTestId('total');
  const before = await total.textContent();
  await page.getByLabel(C.promoLabel).fill('tilmen10');
  await page.getByRole('button', { name: C.promoApply }).click();
  await expect(page.getByTestId('breakdown')).toContainText(C.promoDiscount.replace('{code}', 'TILMEN10').replace('{percent}', '10'));
  await expect(total).not.toHaveText(before ?? '');
  const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
  expect(digits(await total.textContent())).toBeLessThan(digits(before));

  // On the bank's page: "Cancel and go back".
  await page.getByTestId('pay').click();
  await page.getByRole('link', { name: 'Бас тартып, қайту' }).click();
  await expect(page).toHaveURL(/\/kk\/checkout\/return\?invoice=\d+&back=failed/);
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-status', 'not_completed', { timeout: 20_000 });
  await expect(result.getByRole('status')).toHaveText(C.notCompleted);
  await page.goto('/kk/cabinet');
  const money = page.getByTestId('cabinet-money');
  await expect(money.getByTestId('payment')).toHaveCount(1);
  await expect(money.getByTestId('package')).toHaveCount(0);

  // Again, paid this time (the promo code still applies).
  await page.goto('/kk/checkout?plan=basic&promo=TILMEN10');
  await page.getByTestId('checkout-tutors').getByRole('link', { name: /Daniyar|Данияр/ }).click();
  await expect(page.getByTestId('breakdown')).toContainText('TILMEN10');
  const paidTotal = digits(await total.textContent());
  await page.getByTestId('pay').click();
  await page.getByLabel('Карта нөмірі').fill('4405 6397 0401 5096');
  await page.getByRole('button', { name: 'Төлеу' }).click();
  await expect(result).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
  await page.goto('/kk/cabinet');
  const pkg = money.getByTestId('package');
  await expect(pkg.getByTestId('lessons-left')).toHaveText(M.lessonsLeft.replace('{total}', '8').replace('{left}', '8'));

  // The unused lessons back to the card: asked, confirmed, done; the return's receipt beside the sale's.
  await pkg.getByTestId('refund').click();
  await pkg.getByRole('button', { name: M.refundYes }).click();
  await expect(money.getByRole('status').filter({ hasText: /картаға/ })).toBeVisible();
  await expect(async () => {
    await page.reload();
    const receipts = money.getByTestId('receipt-link');
    await expect(receipts).toHaveCount(2, { timeout: 1500 });
    const texts = await receipts.allTextContents();
    expect(texts.map(digits).every((n) => n === paidTotal)).toBe(true);
    expect(texts.some((x) => x.includes('қайтарым'))).toBe(true);
  }).toPass({ timeout: 30_000 });
  await expect(money.getByTestId('payment').filter({ hasText: M.status_refunded })).toHaveCount(1);
});

// The finance desk (issue 24, docs/back-office.md "Finance"), in Russian: an admin (every scope)
// opens the payments, the refunds waiting for a decision, the payout register (with its steps),
// revenue, and runs the reconciliation against the fake bank. Whatever the other tests have paid
// meanwhile, each page answers; the payout register page is axe-clean at 360 px. The money's
// arithmetic and the approve → file → paid steps are app/api/admin/finance/finance.db.test.ts's.
test('ru: finance: payments, refunds, the payout register, revenue and the reconciliation with the fake bank', async ({ page }) => {
  const a = messages.ru.Admin;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await enrolStaff(page, await adminCreate(`finance-${stamp}@school.kz`, 'Finance Lead'));
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: a.payments.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: a.nav.label }).getByRole('link', { name: a.nav.payouts })).toBeVisible();

  await page.goto('/admin/refunds');
  await expect(page.getByRole('heading', { level: 1, name: a.refunds.title })).toBeVisible();
  await page.goto('/admin/lesson-money');
  await expect(page.getByRole('heading', { level: 1, name: a.lessonMoney.title })).toBeVisible();
  await expect(page.getByRole('table', { name: a.lessonMoney.caption })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: a.payouts.title })).toBeVisible();
  await expect(page.getByLabel(a.payouts.month, { exact: true })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin/revenue');
  await expect(page.getByRole('heading', { level: 1, name: a.revenue.title })).toBeVisible();

  await page.goto('/admin/reconciliation');
  await page.getByRole('button', { name: a.reconciliation.run }).click();
  await expect(page.getByRole('status').filter({ hasText: /Проверено заказов: \d+/ })).toBeVisible({ timeout: 15_000 });
});
