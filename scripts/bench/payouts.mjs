// Section "payouts": the monthly payout register for 1 000 tutors × 20 lessons (issue 24): computed
// from the ledger, approved, the bank file (CSV, XLSX), marked paid (and a second time: once), run
// by scripts/bench/payouts-register.ts on its own in-memory PGlite (the running server is not used:
// the figures are the library calls the /admin/payouts page and its calls make).
import { runFigures } from './lib.mjs';

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'payouts',
  title: 'Payout register: 1 000 tutors × 20 lessons (compute, approve, bank file, paid)',
  async run() {
    const f = runFigures('scripts/bench/payouts-register.ts', { NODE_ENV: 'production' });
    const ms = (x) => `${x.toFixed(0)} ms`;
    const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
    console.log(`payout register of ${f.tutors} tutors, ${f.lessons} lessons: compute p50 ${ms(f.p50)} (max ${ms(f.max)}), approve ${ms(f.approveMs)}, CSV ${ms(f.csvMs)}, XLSX ${ms(f.xlsxMs)}, paid ${ms(f.paidMs)}, again ${ms(f.againMs)} (already: ${f.againAlready}); ledger total ${f.ledger.total}, unbalanced ${f.ledger.unbalancedTxns}`);
    return {
      markdown: [
        '| figure | value |',
        '|---|---|',
        `| tutors / lessons (seeded in ${ms(f.seedMs)}) | ${f.tutors} / ${f.lessons} |`,
        `| register computed from the ledger, p50 / max (${f.runs} runs) | ${ms(f.p50)} / ${ms(f.max)} |`,
        `| approve (lines frozen, audited) | ${ms(f.approveMs)} |`,
        `| bank file CSV / XLSX | ${ms(f.csvMs)} (${kib(f.csvBytes)}) / ${ms(f.xlsxMs)} (${kib(f.xlsxBytes)}) |`,
        `| marked paid (adjustments + payouts, 2 ledger transactions) | ${ms(f.paidMs)} |`,
        `| marked paid again (changes nothing) | ${ms(f.againMs)}, already: ${f.againAlready} |`,
        `| ledger total / unbalanced transactions after | ${f.ledger.total} / ${f.ledger.unbalancedTxns} |`,
      ].join('\n'),
    };
  },
};
