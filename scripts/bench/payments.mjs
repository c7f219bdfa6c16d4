// Section "payments": card payments' notifications per second one instance takes (the ePay notify
// route's handler, each a stored event and a credit with the package, ledger and receipt rows), and
// the same notifications again (duplicates), run by scripts/bench/payments-notify.ts on its own
// in-memory PGlite (the running server is not used).
import { runFigures } from './lib.mjs';

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'payments',
  title: 'Payments: ePay notifications one instance takes (PGlite, in process)',
  async run() {
    const f = runFigures('scripts/bench/payments-notify.ts', { NODE_ENV: 'production' });
    const ms = (x) => `${x.toFixed(1)} ms`;
    const line = (p) => `${p.perSecond.toFixed(0)} /s, p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, answers ${JSON.stringify(p.codes)}`;
    console.log(`${f.orders} notifications, ${f.concurrency} in flight: ${line(f.first)}; again (duplicates): ${line(f.again)}; credited ${f.credited}, ledger total ${f.ledger.total}`);
    return {
      markdown: [
        '| figure | value |',
        '|---|---|',
        `| notifications (paid orders), in flight | ${f.orders}, ${f.concurrency} |`,
        `| first notifications: throughput | ${f.first.perSecond.toFixed(0)} /s |`,
        `| first: p50 / p99 / max | ${ms(f.first.p50)} / ${ms(f.first.p99)} / ${ms(f.first.max)} |`,
        `| duplicates: throughput | ${f.again.perSecond.toFixed(0)} /s |`,
        `| duplicates: p50 / p99 | ${ms(f.again.p50)} / ${ms(f.again.p99)} |`,
        `| orders credited (must equal the orders) / ledger total | ${f.credited} / ${f.ledger.total} |`,
      ].join('\n'),
    };
  },
};
