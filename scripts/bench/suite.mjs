// Section "suite": how long the last `npm test` took, step by step, against the budget. Reads
// .test-times.json, which scripts/test-all.sh writes at the end of every run (also a failed one).
// Needs no build and no server: `BENCH_ONLY=suite npm run bench`, or `node scripts/bench/suite.mjs`.
//
// The budget: `npm test` in at most 20 minutes on the project's 2-core machine (issue 22). Each
// step has a share of it below; a step over its share is flagged, and so is a total over 20 minutes.
// A new step of scripts/test-all.sh gets a share here (steps without one are flagged as such).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { LiveTable } from './lib.mjs';

export const BUDGET_SECONDS = 20 * 60;

/** Each step's share of the budget (seconds), by the start of its name in scripts/test-all.sh. */
export const STEP_BUDGETS = [
  ['dependencies', 5],
  ['browser', 2],
  ['PDF and QR tools', 3],
  ['TURN relay', 2],
  ['typecheck', 60],
  ['lint', 60],
  ['unit and integration tests', 210],
  ['production build', 120],
  ['e2e', 420],
  ['security headers', 30],
  ['kill -9 in a burst of writes (PGlite)', 20],
  ['database suites on PostgreSQL', 70],
  ['kill -9 in a burst of writes (PostgreSQL)', 20],
  ['two instances behind nginx', 40],
];

const budgetOf = (step) => STEP_BUDGETS.find(([prefix]) => step.startsWith(prefix))?.[1];

/** The rows of the table and the flags, from the parsed .test-times.json. */
export function judge(times) {
  const rows = times.steps.map(({ step, seconds, cpuPercent }) => {
    const budget = budgetOf(step);
    const note = budget === undefined ? 'NO BUDGET: give this step a share in scripts/bench/suite.mjs' : seconds > budget ? `OVER by ${seconds - budget} s` : '';
    // How busy the cores were during the step (older runs did not record it).
    return { step, seconds, cpu: cpuPercent === undefined ? '–' : `${cpuPercent} %`, budget: budget ?? '–', note };
  });
  const total = times.totalSeconds;
  rows.push({ step: 'total', seconds: total, cpu: '', budget: BUDGET_SECONDS, note: total > BUDGET_SECONDS ? `OVER by ${total - BUDGET_SECONDS} s` : '' });
  return { rows, over: rows.filter((r) => r.note.startsWith('OVER')).length, unbudgeted: rows.filter((r) => r.note.startsWith('NO BUDGET')).length };
}

const suite = {
  id: 'suite',
  title: 'npm test: the last run, time per step against the 20-minute budget',
  async run(ctx = { root: process.cwd(), log: console.log }) {
    const file = path.join(ctx.root, '.test-times.json');
    if (!fs.existsSync(file)) {
      ctx.log(`no ${path.basename(file)}: run npm test first (scripts/test-all.sh writes it)`);
      return { markdown: 'No `.test-times.json`: run `npm test` first.' };
    }
    const times = JSON.parse(fs.readFileSync(file, 'utf8'));
    const table = new LiveTable(
      [
        { key: 'step', label: 'step', align: 'left', width: 52 },
        { key: 'seconds', label: 's', align: 'right' },
        { key: 'cpu', label: 'cpu', align: 'right', width: 6 },
        { key: 'budget', label: 'budget s', align: 'right', width: 8 },
        { key: 'note', label: 'note', align: 'left' },
      ],
      ctx.log,
    );
    const { rows, over, unbudgeted } = judge(times);
    for (const row of rows) table.add(row);
    const status = times.passed ? 'passed' : 'FAILED (the times stop at the failing step)';
    const verdict = (over ? `${over} over budget` : 'all within budget') + (unbudgeted ? `, ${unbudgeted} without a budget` : '');
    ctx.log(`run finished ${times.finishedAt}, ${status}; ${verdict}`);
    return { markdown: `${table.markdown()}\n\nLast run finished ${times.finishedAt}, ${status}; ${verdict}. Budget: ${BUDGET_SECONDS / 60} minutes in all.` };
  },
};
export default suite;

// Standalone: node scripts/bench/suite.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  await suite.run({ root, log: console.log });
}
