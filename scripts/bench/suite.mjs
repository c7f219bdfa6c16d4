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
  // Installing them (a clean clone's first run) is outside the budget ("dependencies already
  // installed", issue 22); with them installed the step takes a few seconds.
  ['dependencies', 5],
  ['browser', 2],
  ['PDF and QR tools', 3],
  ['TURN relay', 2],
  ["group lessons' SFU", 2],
  ['typecheck and lint', 90],
  ['unit and integration tests', 235],
  ['production build', 105],
  ['e2e', 560],
  ['security headers', 20],
  ['kill -9 in a burst of writes (PGlite)', 60],
  ['database suites on PostgreSQL', 55],
  ['kill -9 in a burst of writes (PostgreSQL)', 30],
  // It runs beside the four steps before it: its step is what is left to wait for (0 s when absorbed).
  ['two instances behind nginx', 10],
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
  // A fresh install's minute or so is not the suite's: the total is judged without it.
  const install = times.steps.find((x) => x.step === 'dependencies')?.seconds ?? 0;
  const dependencies = rows.find((r) => r.step === 'dependencies');
  if (dependencies && install > 5) dependencies.note = 'installed from scratch: outside the budget';
  const total = times.totalSeconds - (install > 5 ? install : 0);
  rows.push({ step: install > 5 ? 'total without installing' : 'total', seconds: total, cpu: '', budget: BUDGET_SECONDS, note: total > BUDGET_SECONDS ? `OVER by ${total - BUDGET_SECONDS} s` : '' });
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
