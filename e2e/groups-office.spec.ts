import { expect, test } from '@playwright/test';
import { messages, readMails } from './helpers';
import { adminCreate, enrolStaff, inviteStaff } from './staff';

const ru = messages.ru;
const g = ru.Admin.groups;

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

test('groups in the back office: a sales member creates a group (a draft, not public), opens it for sale, and it is on /groups with its seats', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const admin = await (await browser.newContext()).newPage();
  await enrolStaff(admin, await adminCreate(`groups-boss-${stamp}@school.kz`, 'Айгерим Топова'));
  const salesEmail = `groups-sales-${stamp}@school.kz`;
  const sales = await (await browser.newContext()).newPage();
  await enrolStaff(sales, await inviteStaff(admin, invitationLink, { email: salesEmail, name: 'Ерлан Топов', scopes: ['sales'] }));

  // The menu leads to the groups; a new group is a draft.
  await sales.goto('/admin');
  await sales.getByRole('link', { name: ru.Admin.nav.groups, exact: true }).first().click();
  await expect(sales.getByRole('heading', { level: 1, name: g.title, exact: true })).toBeVisible();
  await sales.getByRole('link', { name: g.new, exact: true }).click();
  const form = sales.getByTestId('group-form');
  await form.getByLabel(g.subject, { exact: true }).selectOption('kazakh');
  await form.getByLabel(g.level, { exact: true }).selectOption('C1');
  // Saved with no day first: the form says what is missing, nothing is sent.
  await form.getByRole('button', { name: g.create }).click();
  await expect(form.getByText(g.weekdaysRequired)).toBeVisible();
  await form.getByRole('checkbox', { name: ru.Tutors.weekdays['7'], exact: true }).check();
  await form.getByLabel(g.startTime, { exact: true }).fill('07:00');
  // A day years ahead (a Sunday follows within the week), at an hour no demo lesson takes.
  const day = 1 + Math.floor(Math.random() * 27);
  await form.getByLabel(g.startDate, { exact: true }).fill(`2031-0${1 + Math.floor(Math.random() * 9)}-${String(day).padStart(2, '0')}`);
  await form.getByLabel(g.lessons, { exact: true }).fill('2');
  await form.getByRole('button', { name: g.create }).click();
  await sales.waitForURL(/\/admin\/groups\/\d+$/);
  const id = Number(/\/admin\/groups\/(\d+)$/.exec(sales.url())![1]);
  await expect(sales.getByTestId('group-status')).toHaveText(g.statuses.draft);
  await expect(sales.locator('[data-testid^="group-lesson-"]')).toHaveCount(2);

  // A draft is not for sale: the public API does not show it (the prerendered list may come from the build's database).
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.request.get(`/api/groups/${id}`)).status()).toBe(404);

  // Opened for sale (the dialog says what happens first): on /groups with all its seats left.
  await sales.getByRole('button', { name: g.openSale, exact: true }).click();
  const dialog = sales.getByRole('dialog', { name: g.openTitle });
  await expect(dialog.getByText(g.openText)).toBeVisible();
  await dialog.getByRole('button', { name: g.openConfirm, exact: true }).click();
  await expect(sales.getByTestId('group-status')).toHaveText(g.statuses.open);
  await sales.goto('/admin/groups?status=open');
  await expect(sales.getByTestId(`group-${id}`).getByTestId('group-fill')).toContainText('0/6');

  await expect(async () => {
    await visitor.goto('/groups?subject=kazakh&level=C1');
    await expect(visitor.locator(`a[href$="/groups/${id}"]`).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const card = visitor.getByTestId('group-card').filter({ has: visitor.locator(`a[href$="/groups/${id}"]`) });
  await expect(card).toContainText('Осталось 6 мест из 6');
  await expect(card).toContainText('Вс в 07:00');
});
