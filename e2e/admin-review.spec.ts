import AxeBuilder from '@axe-core/playwright';
import { PDFDocument } from 'pdf-lib';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { asVisitor, localePath, messages, uniquePhone, type Locale } from './helpers';
import { adminCreate, enrolStaff } from './staff';

// The reviewer's side of tutor applications and the tutor's answer in the cabinet (issue 12).
const m = messages.ru;
const A = m.Admin.applications;
const R = m.Registration;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** WCAG 2.1 A/AA and best practices, as e2e/a11y.spec.ts checks the public pages. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function outbox(request: APIRequestContext, phone: string): Promise<{ body: string; code: string | null }[]> {
  const res = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: { body: string; code: string | null }[] }).messages;
}

async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const code = (await outbox(request, phone))[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** A tutor through the real wizard (/teach-sign-up), in a browser of their own; they stay signed in. */
async function registerTutor(browser: Browser, who: { name: string; lastname: string; subject: keyof typeof R.tutor.subjects }) {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await asVisitor(page, ['**/api/sms/send', '**/api/auth/register/**']);
  const next = page.getByRole('button', { name: R.next });
  await page.goto('/teach-sign-up');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${escape(R.tutor.local)}`) }).check();
  await next.click();
  await page.getByLabel(R.tutor.name, { exact: true }).fill(who.name);
  await page.getByLabel(R.tutor.lastname, { exact: true }).fill(who.lastname);
  await next.click();
  await page.getByRole('radio', { name: R.tutor.languages.kk, exact: true }).check();
  await next.click();
  await page.getByRole('radio', { name: R.tutor.subjects[who.subject], exact: true }).check();
  await next.click();
  await page.getByLabel(R.password.label, { exact: true }).fill('Mektep2025');
  await page.getByLabel(R.password.confirm, { exact: true }).fill('Mektep2025');
  await next.click();
  const phone = uniquePhone();
  await page.getByLabel(R.phone.label).fill(phone);
  await page.getByRole('button', { name: R.phone.send }).click();
  await page.getByLabel(m.SmsCode.label).fill(await smsCode(page.request, phone));
  await page.getByRole('button', { name: R.tutor.submit }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(R.tutor.successTitle);
  return { context, page, phone, digits: phone.replace(/\D/g, '') };
}

/** An admin (the admin scope passes the reviewer's) from the command, enrolled and signed in on `page`. */
async function signedInAdmin(page: Page, name: string) {
  const email = `review-${Date.now()}-${Math.floor(Math.random() * 1e6)}@school.kz`;
  await enrolStaff(page, await adminCreate(email, name));
}

/** Opens an application from the queue, found by the tutor's phone. */
async function openFromQueue(page: Page, digits: string) {
  await page.goto(`/admin/applications?status=all&q=${digits}`);
  const row = page.getByTestId('application-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page.getByTestId('application-phone')).toBeVisible();
}

test('ru: a reviewer approves one tutor and rejects another with two reasons; the rejected tutor reads the SMS and the reasons, corrects the subject and resubmits', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const approved = await registerTutor(browser, { name: 'Айдана', lastname: 'Сейітова', subject: 'english' });
  const rejected = await registerTutor(browser, { name: 'Ержан', lastname: 'Қасымов', subject: 'mathematics' });
  await signedInAdmin(page, 'Гүлнар Ахметова');

  // The queue: both waiting, first round, masked phones.
  await page.goto('/admin/applications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(A.title);
  for (const t of [approved, rejected]) {
    await page.goto(`/admin/applications?q=${t.digits}`);
    const row = page.getByTestId('application-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(A.status.submitted);
    await expect(row.getByTestId('application-round')).toHaveText('1');
    await expect(row).toContainText(`+7 ${t.digits.slice(1, 4)} ••• •• ${t.digits.slice(-2)}`);
    await expect(row).not.toContainText(t.phone);
  }

  // Approve: start the review, then approve with a confirmation.
  await openFromQueue(page, approved.digits);
  await expect(page.getByTestId('application-phone')).toHaveText(approved.phone);
  await page.getByRole('button', { name: A.start }).click();
  await expect(page.getByText(A.done.in_review)).toBeVisible();
  await expect(page.getByTestId('application-status')).toContainText(A.status.in_review);
  await page.getByRole('button', { name: A.approve }).click();
  await expect(page.getByText(A.confirmApprove.replace('{name}', 'Сейітова Айдана'))).toBeVisible();
  await expect(page.getByRole('button', { name: A.confirmApproveYes })).toBeFocused();
  await page.getByRole('button', { name: A.confirmApproveYes }).click();
  await expect(page.getByText(A.done.approved)).toBeVisible();
  await expect(page.getByTestId('application-status')).toContainText(A.status.approved);
  await expect(page.getByTestId('application-history')).toContainText(A.event.approved);
  await expect(page.getByText(A.closed.approved)).toBeVisible();

  // Reject with two reasons and a note; reasons are required.
  await openFromQueue(page, rejected.digits);
  await page.getByRole('button', { name: A.reject }).click();
  const form = page.getByRole('form', { name: A.reject });
  await form.getByRole('button', { name: A.reject }).click();
  await expect(form.getByText(m.Validation.review_reasons_required)).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('checkbox', { name: m.Review.reasons.subject_knowledge }).check();
  await form.getByRole('checkbox', { name: m.Review.reasons.documents }).check();
  await form.getByLabel(A.noteLabel).fill('Пришлите, пожалуйста, копию диплома.');
  await form.getByRole('button', { name: A.reject }).click();
  await expect(page.getByText(A.confirmReject.replace('{name}', 'Қасымов Ержан'))).toBeVisible();
  await page.getByRole('button', { name: A.confirmRejectYes }).click();
  await expect(page.getByText(A.done.rejected)).toBeVisible();
  await expect(page.getByTestId('application-status')).toContainText(A.status.rejected);
  await expect(page.getByTestId('application-reasons')).toContainText(m.Review.reasons.documents);

  // The tutors' SMS (development outbox), in their language, pointing to the cabinet.
  const before = (text: string) => text.split('{link}')[0]!;
  await expect.poll(async () => (await outbox(page.request, approved.phone))[0]?.body ?? '').toContain(before(m.Review.sms.approved));
  const sms = (await outbox(page.request, rejected.phone))[0]!.body;
  expect(sms.startsWith(before(m.Review.sms.rejected))).toBe(true);
  expect(sms).toMatch(/\/cabinet$/);

  // The rejected tutor reads the reasons in the cabinet, corrects the subject and sends it again.
  const tutor = rejected.page;
  await tutor.goto('/cabinet');
  await expect(tutor.getByTestId('cabinet-application-status')).toHaveText(m.Cabinet.status_rejected);
  const reasons = tutor.getByTestId('cabinet-application-reasons');
  await expect(reasons).toContainText(m.Review.reasons.subject_knowledge);
  await expect(reasons).toContainText(m.Review.reasons.documents);
  await expect(tutor.getByTestId('cabinet-application-note')).toHaveText('Пришлите, пожалуйста, копию диплома.');
  await tutor.getByRole('button', { name: m.Cabinet.resubmit.open }).click();
  const correction = tutor.getByRole('form', { name: m.Cabinet.resubmit.title });
  await expect(correction.getByLabel(R.tutor.lastname, { exact: true })).toHaveValue('Қасымов');
  await expectAccessible(tutor);
  // The diploma the reviewer asked for: a PDF attached in the correction form (lib/media/document.ts checks it).
  const diploma = await PDFDocument.create();
  diploma.addPage([300, 200]).drawText('Diploma');
  await correction.getByLabel(m.Cabinet.documents.add).setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await diploma.save()) });
  await expect(correction.getByTestId('application-documents')).toContainText('diploma.pdf');
  await correction.getByLabel(R.tutor.subjectTitle).selectOption({ label: R.tutor.subjects.physics });
  await correction.getByRole('button', { name: m.Cabinet.resubmit.submit }).click();
  await expect(tutor.getByTestId('cabinet-application-status')).toHaveText(m.Cabinet.status_submitted);
  await expect(tutor.getByTestId('cabinet-resubmitted')).toContainText(m.Cabinet.resubmit.done.split('{date}')[0]!);
  await expect(tutor.getByTestId('cabinet-review-due').locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
  await expect(tutor.getByTestId('cabinet-application-reasons')).toHaveCount(0);

  // Back in the queue: submitted again, round 2, with the new subject and the history.
  await page.goto(`/admin/applications?q=${rejected.digits}`);
  const row = page.getByTestId('application-row');
  await expect(row).toContainText(A.status.submitted);
  await expect(row.getByTestId('application-round')).toHaveText('2');
  await expect(row).toContainText(R.tutor.subjects.physics);
  await row.getByRole('link').click();
  await expect(page.getByTestId('application-subject')).toHaveText(R.tutor.subjects.physics);
  await expect(page.getByTestId('application-history')).toContainText(A.event.changed.replace('{fields}', A.field.subject));
  await expect(page.getByTestId('application-documents').getByRole('link', { name: 'diploma.pdf' })).toHaveAttribute('href', /\/documents\/\d+$/);

  await approved.context.close();
  await rejected.context.close();
});

for (const locale of ['kk', 'en'] as const satisfies readonly Locale[]) {
  test(`${locale}: the application queue`, async ({ page }) => {
    const L = messages[locale].Admin.applications;
    await signedInAdmin(page, 'Staff Member');
    await page.goto(localePath(locale, '/admin/applications'));
    await expect(page).toHaveURL(new RegExp(`/${locale}/admin/applications$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.title);
    await expect(page.getByText(L.lead)).toBeVisible();
    const table = page.getByRole('region', { name: L.caption });
    for (const head of [L.col.due, L.col.status, L.col.name, L.col.subject, L.col.round]) await expect(table.getByRole('columnheader', { name: head })).toBeVisible();
    await expect(page.getByLabel(L.statusFilter)).toHaveValue('open');
    await expectAccessible(page);
    // On a 360 px phone the page does not scroll sideways: the table scrolls in its own box.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath(`queue-${locale}-360.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    // Everything decided shows the filter's empty state in the page's language.
    await page.goto(`${localePath(locale, '/admin/applications')}?status=approved&q=${encodeURIComponent('Жоқадам')}`);
    await expect(page.getByText(L.empty)).toBeVisible();
  });
}
