import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { messages } from './helpers';
import { signUp } from './sessions';
import { payOnFakeBank } from './bank';

// Group lessons (issue 33): the demo groups a fresh embedded database gets (lib/server/demo-tutors.ts)
// on /groups with working filters on a 360 px phone; a group's page with every date and its seats;
// "Join" → signing in on the way → the seat's checkout (the lessons left × the group's price) → the
// local fake of Halyk ePay → the return page says the seat is paid and leads to My groups → the
// group's lessons are among the upcoming lessons → the group's page shows one seat fewer and "you are
// in this group" instead of "Join". Seats never oversold under parallel buyers and the refunds are proved in
// lib/groups/groups.db.test.ts (both databases).

const en = messages.en;
const G = en.GroupPages;

test('a visitor finds the Kazakh A1 group on a phone, joins it through the bank’s page, and its seats left go down', async ({ page }) => {
  test.setTimeout(120_000);
  const { phone, password } = await signUp('student', { name: 'Aigul', lastname: 'Group', subject: 'kazakh' }, { locale: 'en' });

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/en/groups');
  await expect(page.getByRole('heading', { level: 1, name: G.title })).toBeVisible();
  // The filters fold behind one control on a phone; Kazakh narrows the list to Kazakh groups.
  await page.getByText(G.filters.title, { exact: true }).first().click();
  await page.getByLabel(G.filters.subject).selectOption('kazakh');
  await page.getByRole('button', { name: G.filters.apply }).click();
  await expect(page).toHaveURL(/\/en\/groups\?.*subject=kazakh/);
  const card = page.getByTestId('group-card').filter({ hasText: 'Kazakh, A1' }).first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('group-card').filter({ hasText: 'English' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await card.getByRole('link', { name: new RegExp(G.card.open) }).click();
  await expect(page).toHaveURL(/\/en\/groups\/\d+$/);
  const groupUrl = page.url();
  await expect(page.getByTestId('group-title')).toHaveText('Kazakh, A1');
  await expect(page.getByTestId('group-dates').getByRole('listitem')).toHaveCount(16);
  const seats = page.getByTestId('seats-left');
  const before = Number(/(\d+) seats? left/.exec((await seats.textContent()) ?? '')?.[1]);
  expect(before).toBeGreaterThan(0);

  // 16 lessons × 3 500 ₸ (none started yet): 56 000 ₸. The checkout says what is bought: a seat, not a package.
  await page.getByTestId('join-group').click();
  await expect(page).toHaveURL(/\/en\/checkout\?group=\d+$/);
  await expect(page).toHaveTitle(en.Checkout.metaTitleGroup);
  await expect(page.getByTestId('total')).toHaveText('56\u00a0000\u00a0₸');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('seat-checkout')).toContainText(en.Checkout.signInTextGroup);
  await page.getByTestId('seat-checkout').getByRole('link', { name: en.Checkout.signIn, exact: true }).click();
  await page.getByLabel(en.SignIn.login).fill(phone);
  await page.getByLabel(en.SignIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.SignIn.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/checkout\?group=\d+$/);

  await page.getByTestId('pay').click();
  await expect(page.getByRole('heading', { name: /Payment of 56000 KZT/ })).toBeVisible();
  await payOnFakeBank(page);
  await expect(page).toHaveURL(/\/en\/checkout\/return\?invoice=\d+/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
  await expect(page.getByTestId('payment-result').getByRole('status')).toHaveText(en.Checkout.groupPaid.replace('{lessons}', '16'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.Checkout.returnTitleGroup);

  // The next step is where the seat lives: My groups, scrolled to; the group's lessons are among the upcoming lessons.
  await page.getByRole('link', { name: en.Checkout.toGroups }).click();
  await expect(page).toHaveURL(/\/en\/cabinet#cabinet-groups$/);
  await expect(page.getByTestId('student-group').filter({ hasText: 'Kazakh, A1' })).toBeInViewport();
  const lessons = page.locator('section[aria-labelledby="cabinet-lessons"]');
  await expect(lessons.getByTestId('group-lesson-line').first()).toContainText(en.Cabinet.lessons.group.replace('{group}', 'Kazakh, A1'));
  await expect(lessons.getByTestId('lesson-room-link').first()).toBeVisible();
  await expect(lessons.getByText(en.Cabinet.lessons.noneUpcoming)).toHaveCount(0);

  // The group's page (its cached data refreshed by the seat's payment) shows one seat fewer and, to
  // this student, that they are in the group instead of the way to join it; the catalogue marks the card.
  await page.goto(groupUrl);
  await expect(page.getByTestId('seats-left')).toContainText(`${before - 1} seat`);
  await expect(page.getByTestId('group-seat')).toContainText(G.seat.paid);
  await expect(page.getByTestId('join-group')).toHaveCount(0);
  await expect(page.getByTestId('group-seat').getByRole('link', { name: G.seat.cabinet })).toHaveAttribute('href', '/en/cabinet#cabinet-groups');
  await page.goto('/en/groups?subject=kazakh');
  const id = /\/groups\/(\d+)$/.exec(groupUrl)![1];
  await expect(page.getByTestId('group-card').filter({ has: page.locator(`a[href="/en/groups/${id}"]`) }).getByTestId('group-card-seat')).toHaveText(G.seat.paid);
  // A second seat for the same student is refused before any payment.
  await page.goto(groupUrl.replace(/\/groups\/(\d+)$/, '/checkout?group=$1'));
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('seat-checkout').getByRole('status')).toHaveText(en.Errors.group_seat_taken);
});
