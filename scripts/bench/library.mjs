// Section "library": the course library's catalogue with 1 000 published courses (issue 34): the
// query the tutor's library and the student's self-study list read, all courses, by subject, by
// subject and level, p50 / p95; run by scripts/bench/library-catalogue.ts on its own in-memory PGlite.
import { runFigures } from './lib.mjs';

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'library',
  title: 'Course library: the catalogue of 1 000 published courses (query p50 / p95)',
  async run() {
    const f = runFigures('scripts/bench/library-catalogue.ts', { NODE_ENV: 'production' });
    const ms = (x) => `${x.toFixed(1)} ms`;
    const row = (name, r) => `| ${name} | ${r.rows} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`;
    console.log(`library catalogue of ${f.courses} courses: all p95 ${ms(f.all.p95)}, by subject p95 ${ms(f.subject.p95)}, by subject and level p95 ${ms(f.level.p95)}`);
    return {
      markdown: [
        `${f.courses} courses imported and published in ${(f.seedMs / 1000).toFixed(0)} s; ${f.runs} runs each.`,
        '',
        '| query | courses | p50 | p95 | max |',
        '|---|---|---|---|---|',
        row('all published', f.all),
        row('Kazakh', f.subject),
        row('English B1', f.level),
      ].join('\n'),
    };
  },
};
