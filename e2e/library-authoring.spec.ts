import { expect, test, type Locator } from '@playwright/test';
import { messages, readMails } from './helpers';
import { adminCreate, enrolStaff, inviteStaff } from './staff';

const ru = messages.ru;
const lib = ru.Admin.library;
const ed = lib.editor;

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

/** Fills a text given in the student's three languages (a fieldset named by its legend). */
async function fillLocalized(scope: Locator, legend: string, text: { ru: string; kk: string; en: string }) {
  const group = scope.getByRole('group', { name: legend, exact: true });
  for (const lang of ['ru', 'kk', 'en'] as const) await group.getByLabel(lib.langs[lang], { exact: true }).fill(text[lang]);
}

test('authoring: a methodologist writes a unit with three exercise kinds and sends it to review; a second one publishes it', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const admin = await (await browser.newContext()).newPage();
  await enrolStaff(admin, await adminCreate(`lib-boss-${stamp}@school.kz`, 'Айгерим Кітапова'));
  const author = await (await browser.newContext()).newPage();
  await enrolStaff(author, await inviteStaff(admin, invitationLink, { email: `lib-author-${stamp}@school.kz`, name: 'Айжан Әдіскер', scopes: ['methodologist'] }));
  const reviewer = await (await browser.newContext()).newPage();
  await enrolStaff(reviewer, await inviteStaff(admin, invitationLink, { email: `lib-review-${stamp}@school.kz`, name: 'Ерлан Тексеруші', scopes: ['methodologist'] }));

  // The menu leads to the library; a new course is a draft.
  await author.goto('/admin/me');
  await author.getByRole('link', { name: ru.Admin.nav.library, exact: true }).first().click();
  await expect(author.getByRole('heading', { level: 1, name: lib.title, exact: true })).toBeVisible();
  await author.getByRole('link', { name: lib.newCourse, exact: true }).click();
  const form = author.getByTestId('course-form');
  const slug = `e2e-${stamp}`;
  await form.getByLabel(lib.slug, { exact: true }).fill(slug);
  for (const lang of ['ru', 'kk', 'en'] as const) {
    const group = form.getByRole('group', { name: lib.langs[lang], exact: true });
    await group.getByLabel(lib.courseTitle, { exact: true }).fill({ ru: 'Английский: знакомство', kk: 'Ағылшын тілі: танысу', en: 'English: meeting people' }[lang]);
    await group.getByLabel(lib.description, { exact: true }).fill({ ru: 'Короткий курс.', kk: 'Қысқа курс.', en: 'A short course.' }[lang]);
  }
  await form.getByRole('button', { name: lib.createCourse }).click();
  await author.waitForURL(/\/admin\/library\/\d+$/);
  const coursePath = new URL(author.url()).pathname;
  await expect(author.getByTestId('course-status')).toHaveText(lib.statuses.draft);

  // A new unit: three exercise kinds, each written as a form of its kind.
  await author.getByRole('link', { name: lib.addUnit, exact: true }).click();
  const editor = author.getByTestId('unit-editor');
  await editor.getByLabel(ed.unitId, { exact: true }).fill('hello');
  await fillLocalized(editor, ed.unitTitle, { ru: 'Привет!', kk: 'Сәлем!', en: 'Hello!' });
  const prompt = { ru: 'Выберите верный вариант.', kk: 'Дұрыс нұсқаны таңдаңыз.', en: 'Choose the right answer.' };

  await editor.getByLabel(ed.newStepKind, { exact: true }).selectOption('choice');
  await editor.getByRole('button', { name: ed.addStep }).click();
  // Saved half-written: the schema's problems are shown next to their fields, nothing is sent.
  await editor.getByRole('button', { name: ed.create }).click();
  await expect(author.getByTestId('unit-status')).toContainText('Ничего не сохранено');
  const choice = editor.getByTestId('step-0');
  await expect(choice.getByText(ru.Validation.required).first()).toBeVisible();
  await fillLocalized(choice, ed.prompt, prompt);
  await choice.getByLabel(ed.question, { exact: true }).fill('I ___ a student.');
  await choice.getByLabel('Вариант 1', { exact: true }).fill('am');
  await choice.getByLabel('Вариант 2', { exact: true }).fill('is');

  await editor.getByLabel(ed.newStepKind, { exact: true }).selectOption('gap');
  await editor.getByRole('button', { name: ed.addStep }).click();
  const gap = editor.getByTestId('step-1');
  await fillLocalized(gap, ed.prompt, { ru: 'Вставьте слово.', kk: 'Сөзді қойыңыз.', en: 'Fill in the word.' });
  await gap.getByLabel(ed.gapText, { exact: true }).fill('My ___ is Timur.');
  await gap.getByLabel('Пропуск 1: верные ответы через «|»', { exact: true }).fill('name');

  await editor.getByLabel(ed.newStepKind, { exact: true }).selectOption('writing');
  await editor.getByRole('button', { name: ed.addStep }).click();
  const writing = editor.getByTestId('step-2');
  await fillLocalized(writing, ed.prompt, { ru: 'Напишите о себе.', kk: 'Өзіңіз туралы жазыңыз.', en: 'Write about yourself.' });
  await writing.getByLabel(ed.task, { exact: true }).fill('Introduce yourself in five sentences.');

  // The preview: the student's view in each language, never the key.
  const preview = author.getByTestId('unit-preview');
  await expect(preview.getByTestId('preview-step-0')).toContainText(prompt.ru);
  await preview.getByRole('button', { name: lib.langs.kk, exact: true }).click();
  await expect(preview.getByTestId('preview-step-0')).toContainText(prompt.kk);
  await expect(preview.getByTestId('preview-step-1')).not.toContainText('name');

  await editor.getByRole('button', { name: ed.create }).click();
  await author.waitForURL(/\/admin\/library\/units\/\d+$/);
  await author.goto(coursePath);
  await expect(author.getByTestId('unit-hello')).toBeVisible();
  await author.getByRole('button', { name: lib.submit, exact: true }).click();
  await expect(author.getByTestId('course-status')).toHaveText(lib.statuses.review);
  // Its author does not publish it.
  await expect(author.getByText(lib.waitingOther)).toBeVisible();
  await expect(author.getByRole('button', { name: lib.publish, exact: true })).toHaveCount(0);

  // The second methodologist reviews the unit and publishes the course.
  await reviewer.goto('/admin/library?status=review');
  await reviewer.getByTestId(`course-${slug}`).getByRole('link').click();
  await reviewer.getByTestId('unit-hello').getByRole('link').click();
  await expect(reviewer.getByTestId('unit-preview').getByTestId('preview-step-2')).toContainText('Introduce yourself in five sentences.');
  await reviewer.goto(coursePath);
  await reviewer.getByRole('button', { name: lib.publish, exact: true }).click();
  await expect(reviewer.getByTestId('course-status')).toHaveText(lib.statuses.published);
  await expect(reviewer.getByTestId('course-history')).toContainText(ru.Admin.auditActions.library_publish);

  // A malformed course file: every problem by its place, and nothing stored.
  const L = { ru: 'Тест', kk: 'Тест', en: 'Test' };
  const bad = {
    format: 'tilmen-course',
    version: 1,
    slug: `bad-${stamp}`,
    subject: 'english',
    level: 'A1',
    ageBand: 'adults',
    title: L,
    description: L,
    units: [{ id: 'u1', title: L, steps: [{ kind: 'choice', id: 'c1', prompt: L, question: 'I ___ here.', options: ['am', 'is'], answer: 5 }, { kind: 'essay', id: 'e1' }] }],
  };
  await reviewer.goto('/admin/library');
  await reviewer.getByLabel(lib.import.file, { exact: true }).setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await reviewer.getByRole('button', { name: lib.import.submit, exact: true }).click();
  const outcome = reviewer.getByTestId('import-outcome');
  await expect(outcome).toContainText(ru.Errors.library_file_invalid);
  await expect(outcome.getByRole('listitem').filter({ hasText: 'units[0].steps[0].answer' })).toContainText(ru.Admin.validation.library_answer_option);
  await expect(outcome.getByRole('listitem').filter({ hasText: 'units[0].steps[1].kind' })).toContainText(ru.Admin.validation.library_step_kind);
  await reviewer.goto('/admin/library');
  await expect(reviewer.getByTestId(`course-bad-${stamp}`)).toHaveCount(0);
});
