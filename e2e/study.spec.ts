import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import english from '../content/library/english-a1.json';
import { watchCsp } from './csp-watch';
import { expectNoSidewaysScroll, messages } from './helpers';
import { call } from './marketplace';
import { browserCookies, phoneOf, rand, signUp } from './sessions';

// Issue 34, the student's side: self-study and the word trainer on a phone (360 px) in Kazakh. The
// student opens /kk/cabinet/study, starts the unit "what to do today" offers, answers a few
// exercises (a right and a wrong choice, a gap, a word order tapped together), sees each checked by
// the server with the key shown only after the answer, and reviews the words of their dictionary in
// the trainer (recall, then typing), the streak starting. The unit page's HTML and RSC payload hold
// no exercise's key.

const kk = messages.kk;
const S = kk.Study;
const X = kk.Exercises;
const hello = english.units[0]!;
const say = (text: string, values: Record<string, string | number>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), text);

/** WCAG 2.1 A/AA and best practices, as e2e/a11y.spec.ts checks the public pages. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// The session cookies are the API's for localhost (e2e/sessions.ts browserCookies).
const PORT = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${PORT}`, viewport: { width: 360, height: 740 }, hasTouch: true });

test('a student on a phone in Kazakh does a unit’s exercises, checked by the server, and reviews words in the trainer', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const { phone, res } = await signUp('student', { name: 'Дана', lastname: 'Study', subject: 'english' }, { phone: phoneOf('707'), locale: 'kk' });
  const tutor = await signUp(
    'tutor',
    { tutorKind: 'local', name: 'Гүлнар', lastname: 'Study', teachingLanguage: 'kk', subject: 'english', email: `tutor-study-${Date.now()}-${rand(0, 9999)}@example.kz` },
    { phone: phoneOf('708'), locale: 'kk' },
  );
  const words = await call('POST', '/api/dev/student-words', {
    studentPhone: phone,
    tutorPhone: tutor.phone,
    words: [
      { word: 'apple', translation: 'алма', lang: 'kk' },
      { word: 'bread', translation: 'нан', lang: 'kk' },
    ],
  });
  expect(words.status, words.body).toBe(200);
  await context.addCookies(browserCookies(res.setCookies));
  const violations = await watchCsp(page);

  // The cabinet links to self-study; self-study offers today's unit.
  await page.goto('/kk/cabinet');
  await expect(page.getByTestId('cabinet-study')).toBeVisible();
  await page.getByTestId('cabinet-study').getByRole('link', { name: new RegExp(S.cabinet.study) }).click();
  await expect(page).toHaveURL(/\/kk\/cabinet\/study$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(S.title);
  // Today's unit: the first unit not done of the first course listed (other specs publish courses of
  // their own into the shared e2e database, so it need not be English A1's).
  const todayName = new RegExp(`^${S.startUnit.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{unit}', '.+')}$`);
  const start = page.getByTestId('study-today').getByRole('link', { name: todayName });
  await expect(start).toBeVisible();
  await expect(page.getByTestId('study-today')).toContainText(say(S.wordsDue.replace(/\{count, plural.*\}\}$/, '{count} сөз'), { count: 2 }));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await start.click();
  await expect(page).toHaveURL(/\/kk\/cabinet\/study\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await page.goto('/kk/cabinet/study/english-a1/hello');

  const player = page.getByTestId('unit-player');
  await expect(player.getByRole('heading', { level: 1 })).toHaveText(hello.title.kk);
  const next = () => player.getByRole('navigation').getByRole('button', { name: S.next }).click();
  const stepIs = (n: number) => expect(player.getByRole('heading', { level: 2, name: say(S.stepOf, { n, count: hello.steps.length }) })).toBeVisible();
  // The words, the grammar note and the text are read.
  await expect(player.getByText(X.newWords)).toBeVisible();
  await next();
  await next();
  await next();
  await stepIs(4);

  // A choice answered right: the server says so.
  await player.getByRole('radio', { name: 'am', exact: true }).check();
  await player.getByRole('button', { name: X.check }).click();
  await expect(player.getByTestId('verdict')).toContainText(X.right);
  await expect(player.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  await next();

  // A choice answered wrong: the key comes back with the verdict, not before.
  await stepIs(5);
  await expect(player).not.toContainText(X.key);
  await player.getByRole('radio', { name: 'am', exact: true }).check();
  await player.getByRole('button', { name: X.check }).click();
  await expect(player.getByTestId('verdict')).toContainText(X.wrong);
  await expect(player.getByTestId('verdict')).toContainText(`${X.key} is`);
  await expect(player.getByRole('button', { name: S.tryAgain })).toBeVisible();
  await expectAccessible(page);
  await next();
  await next();
  await next();

  // A gap filled in, named for a screen reader.
  await stepIs(8);
  await player.getByLabel(say(X.gapLabel, { n: 1, count: 1 })).fill('Name');
  await player.getByRole('button', { name: X.check }).click();
  await expect(player.getByTestId('verdict')).toContainText(X.right);
  for (let i = 0; i < 5; i++) await next();

  // A word order built by tapping the words (a keyboard reaches them too: they are buttons).
  await stepIs(13);
  const bank = player.getByTestId('order-bank');
  for (const word of ['I', 'am', 'from']) await bank.getByRole('button', { name: word, exact: true }).tap();
  await bank.getByRole('button', { name: 'Kazakhstan', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(bank.getByRole('button')).toHaveCount(0);
  await expect(player.getByTestId('order-sentence').getByRole('button')).toHaveCount(4);
  await player.getByRole('button', { name: X.check }).click();
  await expect(player.getByTestId('verdict')).toContainText(X.right);
  await expect(player.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  await expectNoSidewaysScroll(page);

  // A reload keeps the progress and starts at the first exercise not done.
  await page.reload();
  await expect(player.getByRole('progressbar')).toHaveAttribute('aria-valuetext', say(S.exercisesDone, { done: 3, total: 13 }));
  await stepIs(5);

  // The page's own HTML and RSC payload carry no step at all, so no key.
  for (const headers of [{}, { RSC: '1' }] as Record<string, string>[]) {
    const body = await (await request.get('/kk/cabinet/study/english-a1/hello', { headers })).text();
    for (const step of hello.steps as Record<string, unknown>[]) {
      if (typeof step.answer === 'string') expect(body).not.toContain(step.answer);
      if (Array.isArray(step.pairs)) expect(body).not.toContain(JSON.stringify(step.pairs));
    }
    expect(body).not.toContain('"transcript"');
    expect(body).not.toContain('"accept"');
  }

  // The trainer: the two words of the lesson due first, recall then typing, then the unit's; the streak begun.
  await page.goto('/kk/cabinet/words');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(S.trainer.title);
  await expect(page.getByTestId('streak')).toHaveText(S.noStreak);
  const card = page.getByTestId('word-card');
  await expect(card.getByTestId('word')).toHaveText('apple');
  await card.getByRole('button', { name: S.trainer.reveal }).click();
  await expect(card.getByTestId('translation')).toHaveText('алма');
  await expectAccessible(page);
  await card.getByRole('button', { name: S.trainer.ratings.good, exact: true }).click();
  await page.getByRole('radio', { name: S.trainer.modes.typing }).check();
  await expect(card.getByTestId('translation')).toHaveText('нан');
  await card.getByLabel(S.trainer.typeWord).fill(' Bread ');
  await card.getByRole('button', { name: S.trainer.checkTyped }).click();
  await expect(card).toContainText(S.trainer.typedRight);
  await card.getByRole('button', { name: S.trainer.ratings.easy, exact: true }).click();
  // Then the unit's words: starting the unit put them in the dictionary (translated into Kazakh).
  const unitWords = (hello.steps.find((x) => x.kind === 'words') as { words: { word: string }[] }).words;
  await expect(card.getByTestId('translation')).toHaveText((hello.steps.find((x) => x.kind === 'words') as { words: { translation: { kk: string } }[] }).words[0]!.translation.kk);
  await card.getByLabel(S.trainer.typeWord).fill(unitWords[0]!.word);
  await card.getByRole('button', { name: S.trainer.checkTyped }).click();
  await expect(card).toContainText(S.trainer.typedRight);
  await expect(page.getByTestId('streak')).toHaveText(S.streak.replace(/\{count, plural, other \{# күн\}\}/, '1 күн'));
  await expectNoSidewaysScroll(page);
  expect(violations).toEqual([]);
});
