// The monthly payout register for BENCH_PAYOUT_TUTORS (1 000) tutors × BENCH_PAYOUT_LESSONS (20)
// taught lessons (issue 24), on a fresh in-memory PGlite: the month seeded straight into the tables
// (test/payouts.ts: orders, packages, lessons, balanced ledger rows), then the register computed
// from the ledger BENCH_PAYOUT_RUNS times (5), approved (lines frozen), the bank file built (CSV and
// XLSX), and marked paid (two balanced ledger transactions); the ledger's total checked at the end.
// Prints one JSON line of figures. Run with tsx under the react-server condition: scripts/bench/payouts.mjs does.
import type { Actor } from '@/lib/audit/log';
import { openDb } from '@/lib/db/open';
import { BANK_FILE_COLUMNS, bankCsv, bankXlsx, type BankFileColumn } from '@/lib/payments/bank-file';
import { ledgerTotal } from '@/lib/money/ledger';
import { payoutAccounts, savePayoutDetails } from '@/lib/payments/payout-details';
import { approveRegister, exportRegister, markRegisterPaid, payoutRegister, previousMonth, registerLines } from '@/lib/payments/payouts';
import { seedTaughtMonth } from '@/test/payouts';

const TUTORS = Number(process.env.BENCH_PAYOUT_TUTORS || 1000);
const LESSONS = Number(process.env.BENCH_PAYOUT_LESSONS || 20);
const RUNS = Number(process.env.BENCH_PAYOUT_RUNS || 5);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const since = (t: number) => performance.now() - t;

async function main() {
  const { db, close } = await openDb({ seed: false });
  const month = previousMonth();
  const actor: Actor = { kind: 'system', id: null, label: 'bench', ipHash: null };
  let t = performance.now();
  // Prices 5 000 – 9 000 ₸, every tenth tutor with 25 lessons (Advanced) to mix the plans.
  await seedTaughtMonth(
    db,
    month,
    Array.from({ length: TUTORS }, (_, i) => ({ prices: Array.from({ length: i % 10 === 0 ? LESSONS + 5 : LESSONS }, () => 5000 + (i % 5) * 1000) })),
  );
  // Each tutor's bank details, given in the cabinet (sealed).
  for (const { tutorId } of (await registerLines(db, month)).lines) await savePayoutDetails(db, { id: tutorId, role: 'tutor' }, { iban: 'KZ86125KZT5004100100', iin: '900101300017' });
  const seedMs = since(t);
  await payoutRegister(db, month); // warm-up
  const computeMs: number[] = [];
  let tutors = 0;
  let lessons = 0;
  for (let r = 0; r < RUNS; r++) {
    t = performance.now();
    const view = await payoutRegister(db, month);
    computeMs.push(since(t));
    tutors = view.total.tutors;
    lessons = view.total.lessons;
  }
  t = performance.now();
  await approveRegister(db, actor, month);
  const approveMs = since(t);
  const header = Object.fromEntries(BANK_FILE_COLUMNS.map((c) => [c, c])) as Record<BankFileColumn, string>;
  t = performance.now();
  const { lines } = await exportRegister(db, actor, month, 'csv');
  // Every tutor's IBAN and IIN opened (sealed at rest), as the download does.
  const accounts = await payoutAccounts(db, lines.map((l) => l.tutorId));
  const csv = bankCsv(month, lines, accounts, header, (m) => `Payout ${m}`);
  const csvMs = since(t);
  t = performance.now();
  const xlsx = await bankXlsx(month, lines, accounts, header, (m) => `Payout ${m}`);
  const xlsxMs = since(t);
  t = performance.now();
  await markRegisterPaid(db, actor, month);
  const paidMs = since(t);
  t = performance.now();
  const again = await markRegisterPaid(db, actor, month);
  const againMs = since(t);
  const total = await ledgerTotal(db);
  await close();
  console.log(
    JSON.stringify({ tutors, lessons, seedMs, runs: RUNS, p50: pct(computeMs, 50), max: Math.max(...computeMs), approveMs, csvMs, csvBytes: csv.length, xlsxMs, xlsxBytes: xlsx.length, paidMs, againMs, againAlready: again.already, ledger: total }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
