// Section "trainer": the word trainer on a phone profile with 1 000 words due (issue 34): the first
// card after opening it, then the time from a rating to the next card, p50 / p95 over a session; run
// by scripts/bench/trainer-review.ts (Playwright's chromium library) against the running server.
import { runFigures } from './lib.mjs';

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'trainer',
  title: 'Word trainer: 1 000 words due, a session on a phone profile (CPU ×4): first card, rating → next card',
  async run(ctx) {
    if (!process.env.BENCH_TRAINER_FILE) throw new Error('no seeded student (npm run seed:rooms -- --words 1000): run through npm run bench');
    const f = runFigures('scripts/bench/trainer-review.ts', { BENCH_BASE_URL: ctx.baseUrl, NODE_ENV: 'production' });
    const ms = (x) => `${x.toFixed(0)} ms`;
    console.log(`word trainer, ${f.words} words due: first card ${ms(f.firstCardMs)}; rating → next card p50 ${ms(f.p50)}, p95 ${ms(f.p95)} (${f.reviewed} cards)`);
    return {
      markdown: [
        '| figure | value |',
        '|---|---|',
        `| words due / reviewed in the session | ${f.words} / ${f.reviewed} |`,
        `| opening the trainer to the first card | ${ms(f.firstCardMs)} |`,
        `| a rating to the next card: p50 / p95 / max | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)} |`,
      ].join('\n'),
    };
  },
};
