import { expect, test, type Browser, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSidewaysScroll, messages, readMails } from './helpers';
import { apiLogin, bookableTutor, call, signInToCabinet } from './marketplace';
import { loopbackAddress, signUp } from './sessions';
import { adminCreate, enrolStaff, inviteStaff } from './staff';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PASSWORD = 'Qazaq2024sky';

const ru = messages.ru;
const lib = ru.Admin.library;
const ed = lib.editor;
/** The reading text's picture, described for those who cannot see it. */
const PICTURE = { ru: 'Девушка машет рукой на фоне гор', kk: 'Қыз таулардың аясында қол бұлғап тұр', en: 'A young woman waving, mountains behind her' };

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

test('authoring: a methodologist writes a unit with three exercise kinds and sends it to review; a second one publishes it; a tutor sets it as homework, the student does it on a phone in Kazakh and gets the tutor\'s comment', async ({ browser }) => {
  test.setTimeout(240_000);
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

  // A reading text with a picture (uploaded to the media store), described in the three languages.
  await editor.getByLabel(ed.newStepKind, { exact: true }).selectOption('text');
  await editor.getByRole('button', { name: ed.addStep }).click();
  const reading = editor.getByTestId('step-3');
  await reading.getByLabel(ed.body, { exact: true }).fill('This is Aruzhan. She is from Almaty.');
  await expect(reading.getByRole('group', { name: ed.imageAlt, exact: true })).toHaveCount(0);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7fb3d5' } }).png().toBuffer();
  await reading.locator('input[type=file]').setInputFiles({ name: 'aruzhan.png', mimeType: 'image/png', buffer: photo });
  await expect(reading.getByLabel(ed.image, { exact: true })).toHaveValue(/^i-[\w-]{16}\.webp$/, { timeout: 15_000 });
  await fillLocalized(reading, ed.imageAlt, PICTURE);

  // The preview: the student's view in each language, never the key.
  const preview = author.getByTestId('unit-preview');
  await expect(preview.getByTestId('preview-step-0')).toContainText(prompt.ru);
  await preview.getByRole('button', { name: lib.langs.kk, exact: true }).click();
  await expect(preview.getByTestId('preview-step-0')).toContainText(prompt.kk);
  await expect(preview.getByTestId('preview-step-1')).not.toContainText('name');
  await expect(preview.getByTestId('preview-step-3').getByRole('img', { name: PICTURE.kk, exact: true })).toBeVisible();

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

  await homeworkJourney(browser, slug);
});

/**
 * The unit as homework (issue 34's journey): a tutor in a lesson sets it in the report; the student (a
 * 360 px phone, in Kazakh) does it from self-study's "today", the server checking the choice and the
 * gap at once; the tutor checks the writing with a comment, which reaches the student by e-mail and
 * on their homework page.
 */
async function homeworkJourney(browser: Browser, slug: string) {
  const kk = messages.kk;
  const H = ru.Homework;
  const ip = loopbackAddress();
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string) => call(method, path, body, { from: ip, token });
  const tutor = await bookableTutor(PASSWORD);
  const tutorToken = await apiLogin(tutor.phone, PASSWORD, ip);
  const weekly = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[8 * 60, 22 * 60]]]));
  expect((await api('PUT', '/api/tutor/schedule', { weekly, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }, tutorToken)).status).toBe(200);
  const email = `hw-${Date.now()}@example.kz`;
  const student = await signUp('student', { name: 'Дана', lastname: 'Үйтапсырма', subject: 'english', email }, { password: PASSWORD, locale: 'kk', from: ip });
  const studentToken = await apiLogin(student.phone, PASSWORD, ip);
  // The address is the account's once confirmed by its link (the check's e-mail goes there).
  const confirm = (await readMails(email, { containing: '/email-confirm?token=' })).map((m) => /email-confirm\?token=([\w-]+)/.exec(m)?.[1]).find(Boolean);
  expect((await api('POST', '/api/auth/email/confirm', { token: confirm })).status).toBe(200);
  const slots = (JSON.parse((await api('GET', `/api/booking/slots?tutorId=${tutor.id}`)).body) as { slots: string[] }).slots;
  const booked = await api('POST', '/api/booking/book', { tutorId: tutor.id, startsAt: slots[0], subject: 'kazakh', idempotencyKey: `hw-${Date.now()}` }, studentToken);
  expect(booked.status, booked.body).toBe(201);
  const lessonId = (JSON.parse(booked.body) as { lesson: { id: number } }).lesson.id;
  expect((await api('POST', '/api/dev/lesson-now', { lessonId, minutesAgo: 5 })).status).toBe(200);

  // In the lesson the tutor opens the unit on the room's board (every page, drawn as board elements)…
  const tp = await (await browser.newContext({ baseURL: `http://localhost:${PORT}` })).newPage();
  await signInToCabinet(tp, tutor.phone, PASSWORD, 'ru');
  await tp.goto(`/lesson/${lessonId}`);
  await expect(tp.getByRole('button', { name: ru.Room.prejoin.join, exact: true })).toBeEnabled({ timeout: 15_000 });
  await tp.getByRole('button', { name: ru.Room.prejoin.join, exact: true }).click();
  await tp.getByRole('tab', { name: ru.Room.tabs.board }).click();
  await tp.getByTestId('board-library-toggle').click();
  const library = tp.getByTestId('board-library');
  await library.getByTestId('board-library-course').selectOption(slug);
  await library.getByTestId('board-library-unit').selectOption('hello');
  await library.getByTestId('board-library-page').selectOption('all');
  // The preview shows the reading's picture, described in the student's language (Kazakh, theirs).
  await expect(library.getByTestId('board-library-preview').getByRole('img', { name: PICTURE.kk, exact: true })).toBeVisible();
  await library.getByTestId('board-library-open').click();
  await expect(tp.getByTestId('board')).toHaveAttribute('data-library-pages', new RegExp(`${slug}/hello/`), { timeout: 30_000 });
  // On the board the picture is an image of the page (not its description as a note): the text under the board names it.
  const pagesText = tp.getByTestId('board-pages-text');
  await pagesText.getByRole('button').click();
  await expect(pagesText.locator('[data-step]')).toHaveCount(4);
  await expect(pagesText).toContainText(ru.Room.library.picture.replace('{alt}', PICTURE.kk));

  // …and the report sets it as homework, due in a week (the picker's default).
  await tp.goto(`/lesson/${lessonId}/record`);
  const form = tp.getByTestId('report-form');
  await form.getByLabel(ru.Record.covered).fill('Знакомство, глагол to be');
  await form.getByLabel(ru.Record.levelNow).selectOption('A1');
  for (const skill of Object.values(ru.Cabinet.progress.skills)) await form.getByLabel(skill).selectOption('4');
  const picker = form.getByTestId('homework-picker');
  await picker.getByLabel(H.assign.course, { exact: true }).selectOption({ label: 'Английский: знакомство' });
  await picker.getByLabel(H.assign.unit, { exact: true }).selectOption({ label: '1. Привет!' });
  await picker.getByTestId('homework-add').click();
  await expect(picker.getByTestId('homework-chosen')).toContainText('Привет!');
  await form.getByTestId('report-save').click();
  await expect(tp.getByTestId('record-homework-units')).toContainText('Привет!');

  // The student, on a phone in Kazakh: self-study's "today" leads to the homework first.
  const sp = await (await browser.newContext({ baseURL: `http://localhost:${PORT}`, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
  await signInToCabinet(sp, student.phone, PASSWORD, 'kk');
  await sp.goto('/kk/cabinet/study');
  const todo = sp.getByTestId('study-homework').getByRole('link');
  await expect(todo).toHaveText(kk.Study.homeworkUnit.replace('{unit}', 'Сәлем!'));
  await todo.click();
  await expect(sp).toHaveURL(new RegExp(`/kk/cabinet/study/${slug}/hello$`));
  const player = sp.getByTestId('unit-player');
  const X = kk.Exercises;
  await player.getByRole('radio', { name: 'am', exact: true }).check();
  await player.getByRole('button', { name: X.check }).click();
  await expect(player.getByTestId('verdict')).toContainText(X.right);
  await player.getByRole('navigation').getByRole('button', { name: kk.Study.next }).click();
  await player.getByLabel(X.gapLabel.replace('{n}', '1').replace('{count}', '1')).fill('nmae');
  await player.getByRole('button', { name: X.check }).click();
  // A wrong answer: the key is shown with the verdict.
  await expect(player.getByTestId('verdict')).toContainText(X.wrong);
  await expect(player.getByTestId('verdict')).toContainText('name');
  await player.getByRole('navigation').getByRole('button', { name: kk.Study.next }).click();
  await player.getByLabel(X.yourText).fill('Hello! My name is Dana. I am from Almaty. I am a student. I like English and books.');
  await player.getByRole('button', { name: X.send }).click();
  await expect(player.getByTestId('verdict')).toContainText(X.sentToTutor);
  await expectNoSidewaysScroll(sp);
  // The reading: its picture, described in Kazakh, within the phone's width.
  await player.getByRole('navigation').getByRole('button', { name: kk.Study.next }).click();
  const picture = player.getByRole('img', { name: PICTURE.kk, exact: true });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect((await picture.boundingBox())!.width).toBeLessThanOrEqual(360);
  await expectNoSidewaysScroll(sp);

  // The tutor checks the writing with a comment.
  await tp.goto('/cabinet/homework');
  const check = tp.getByTestId('homework-check');
  await expect(check.getByTestId('homework-answer')).toContainText('My name is Dana');
  await check.getByLabel(H.tutor.markRight, { exact: true }).check();
  await check.getByLabel(H.tutor.comment).fill('Отлично! Добавьте ещё одно предложение о семье.');
  await check.getByTestId('homework-check-save').click();
  await expect(check.getByRole('status')).toHaveText(H.tutor.checkSaved);

  // It reaches the student: an e-mail in Kazakh, and the homework page.
  const mails = await readMails(email, { containing: 'Добавьте ещё одно предложение' });
  const mail = mails.find((m) => m.includes('Добавьте ещё одно предложение'))!;
  expect(mail).toContain(`/kk/cabinet/study/${slug}/hello`);
  expect(mail).toContain(kk.Homework.notify.right);
  await sp.goto('/kk/cabinet/homework');
  const item = sp.getByTestId('homework-item');
  await expect(item.getByTestId('homework-comment')).toContainText('Добавьте ещё одно предложение о семье.');
  await expect(item.getByTestId('homework-comment')).toContainText(kk.Homework.check.right);
  await expectNoSidewaysScroll(sp);
}
