import { expect, test, type Page } from '@playwright/test';
import { adminCreate, enrolStaff } from './staff';
import { asVisitor, expectNoSidewaysScroll, localePath, messages, uniquePhone, type Locale } from './helpers';

const ru = messages.ru;
const L = ru.Admin.leads;
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A first admin from the command, enrolled through the link (enrolment signs them in). */
async function admin(page: Page) {
  const email = `crm-${tag()}@school.kz`;
  await enrolStaff(page, await adminCreate(email, 'Жанар Әбенова'));
  return email;
}

test('a callback from the landing with utm is found by phone, opened and worked to won with a note', async ({ page, browser }) => {
  // The visitor: the landing with utm parameters, then the callback form.
  const campaign = `crm_${tag()}`;
  const phone = uniquePhone();
  const visitor = await browser.newPage();
  await asVisitor(visitor, ['**/api/leads']);
  await visitor.goto(`/?utm_source=instagram&utm_medium=stories&utm_campaign=${campaign}`);
  const section = visitor.locator('#callback');
  await section.scrollIntoViewIfNeeded();
  // The form says, without a script, when the school calls.
  await expect(section.getByTestId('callback-hours')).toContainText('пн–пт 09:00–19:00, сб 10:00–16:00');
  const form = section.locator('form');
  await form.getByLabel(ru.LeadForm.name).fill('Әсел Серікова');
  await form.getByLabel(ru.LeadForm.phone).fill(phone);
  await form.getByRole('button', { name: ru.LeadForm.callbackSubmit }).click();
  await expect(form.getByRole('status')).toContainText(ru.LeadForm.callbackSuccess);
  await visitor.close();

  // The school: an admin finds it by the phone typed another way ("8 701 …").
  await admin(page);
  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
  const digits = phone.replace(/\D/g, '');
  await page.getByLabel(L.filters.q).fill(`8${digits.slice(1)}`);
  await page.getByRole('button', { name: ru.Admin.common.apply }).click();
  await expect(page).toHaveURL(/q=8701/);
  const table = page.getByRole('region', { name: L.caption });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(`+7 701 ••• •• ${digits.slice(-2)}`);
  await expectNoSidewaysScroll(page);
  await expect(row).toContainText(L.kinds.callback);
  await expect(row).toContainText('instagram');
  await row.getByRole('link', { name: 'Әсел Серікова' }).click();

  // The lead: the whole phone, the utm values, the deadline.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Әсел Серікова');
  await expect(page.getByTestId('lead-phone')).toHaveText(phone);
  await expect(page.getByText(campaign).first()).toBeVisible();
  await expect(page.getByText('stories').first()).toBeVisible();
  const history = page.getByTestId('lead-history');
  const move = async (to: 'contacted' | 'trial_scheduled' | 'won', from: string) => {
    await page.getByRole('group', { name: L.actions.moveTo }).getByRole('button', { name: L.statuses[to], exact: true }).click();
    await expect(history).toContainText(L.events.status.replace('{from}', from).replace('{to}', L.statuses[to]));
  };
  await move('contacted', L.statuses.new);
  await move('trial_scheduled', L.statuses.contacted);
  await move('won', L.statuses.trial_scheduled);
  // Called within the hour: the promise was kept.
  await expect(page.getByText(L.callback.inTime)).toBeVisible();

  await page.getByLabel(L.note.label).fill('Оплатила интенсив, старт в понедельник');
  await page.getByRole('button', { name: L.note.submit }).click();
  await expect(history).toContainText('Оплатила интенсив, старт в понедельник');
  await expect(history).toContainText('Жанар Әбенова');

  // Back in the list the lead is won.
  await page.getByRole('link', { name: L.detail.back }).click();
  await page.getByLabel(L.filters.q).fill(phone);
  await page.getByRole('button', { name: ru.Admin.common.apply }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(L.statuses.won);
});

for (const locale of ['kk', 'en'] as Locale[]) {
  test(`${locale}: the leads list has its headings and its filters work`, async ({ page }) => {
    const m = messages[locale].Admin;
    await admin(page);
    await page.goto(localePath(locale, '/admin/leads'));
    await expect(page.getByRole('heading', { level: 1, name: m.leads.title })).toBeVisible();
    const table = page.getByRole('region', { name: m.leads.caption });
    for (const column of [m.leads.columns.date, m.leads.columns.phone, m.leads.columns.callback]) await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    await page.getByLabel(m.leads.filters.kind).selectOption('quiz');
    await page.getByLabel(m.leads.filters.status).selectOption('lost');
    await page.getByRole('button', { name: m.common.apply }).click();
    await expect(page).toHaveURL(/kind=quiz/);
    await expect(page.getByLabel(m.leads.filters.kind)).toHaveValue('quiz');
    // Nothing of that kind was ever lost here: the empty state says what to do.
    await expect(page.getByText(m.leads.emptyFiltered)).toBeVisible();
    await page.getByRole('link', { name: m.common.reset }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/admin/leads')}$`));
  });
}
