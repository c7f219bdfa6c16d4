// Run by scripts/bench/trainer.mjs (section "trainer") with tsx, against the running server of the
// bench: a student with BENCH_TRAINER_WORDS (1 000) words due (npm run seed:rooms -- --words) reviews
// a session in the word trainer on a phone profile (360 × 800, the CPU slowed 4× through the DevTools
// protocol, Debian's chromium): the time from opening /cabinet/words to the first card, then for each
// of the session's cards, from the click on a rating to the next card's word on screen.
// Prints one JSON line. Needs BENCH_BASE_URL and BENCH_TRAINER_FILE.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '@/e2e/chromium-args';
import ru from '@/messages/ru.json';

const base = process.env.BENCH_BASE_URL!.replace(/\/+$/, '');
const seeded = JSON.parse(readFileSync(process.env.BENCH_TRAINER_FILE!, 'utf8')) as { password: string; trainer: { student: string; words: number } };
const T = ru.Study.trainer;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))]!;

async function main() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'ru-RU' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}/sign-in?next=${encodeURIComponent('/cabinet')}`);
  await page.getByLabel(ru.SignIn.login).fill(seeded.trainer.student);
  await page.getByLabel(ru.SignIn.password, { exact: true }).fill(seeded.password);
  await page.getByRole('button', { name: ru.SignIn.submit, exact: true }).click();
  await page.waitForURL(/\/cabinet/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let t = performance.now();
  await page.getByRole('link', { name: new RegExp(ru.Study.cabinet.words) }).click();
  await page.getByTestId('word').waitFor();
  const firstCardMs = performance.now() - t;
  const nextCard: number[] = [];
  for (;;) {
    const word = page.getByTestId('word');
    if (!(await word.isVisible().catch(() => false))) break;
    const before = await word.textContent();
    await page.getByRole('button', { name: T.reveal }).click();
    t = performance.now();
    await page.getByRole('button', { name: T.ratings.good, exact: true }).click();
    await page.waitForFunction((prev) => {
      const el = document.querySelector('[data-testid="word"]');
      return !el || el.textContent !== prev;
    }, before);
    nextCard.push(performance.now() - t);
  }
  await browser.close();
  console.log(JSON.stringify({ words: seeded.trainer.words, reviewed: nextCard.length, firstCardMs, p50: quantile(nextCard, 0.5), p95: quantile(nextCard, 0.95), max: Math.max(...nextCard) }));
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
