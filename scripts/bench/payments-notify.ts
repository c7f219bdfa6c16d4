// Card payments' notifications one instance takes (issue 24): the ePay notify route's handler
// (POST /api/payments/epay/notify: parsed, checked against the order's secret, the bank's status
// asked over real HTTP (the local fake; a notification alone credits nothing), stored, credited
// with the package, the ledger rows and the fiscal receipt in one transaction) on a fresh in-memory
// PGlite, BENCH_NOTIFY_ORDERS (1 000) paid orders, BENCH_NOTIFY_CONCURRENCY (16) in flight; then
// the same notifications again (duplicates: stored once, answered without crediting). Prints one
// JSON line of figures. Run with tsx under the react-server condition: scripts/bench/payments.mjs does.
import { NextRequest } from 'next/server';
import { openDb } from '@/lib/db/open';
import { ledgerEntries, paymentOrders, users } from '@/lib/db/schema';
import { secretHashOf } from '@/lib/payments/events';
import { ledgerTotal } from '@/lib/money/ledger';
import { quotePackage } from '@/lib/money/model';
import { FAKE_CREDENTIALS, startFakeEpay } from '@/scripts/fakes/epay.mjs';
import { sql } from 'drizzle-orm';

const ORDERS = Number(process.env.BENCH_NOTIFY_ORDERS || 1000);
const CONCURRENCY = Number(process.env.BENCH_NOTIFY_CONCURRENCY || 16);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main() {
  // The fake bank: each notification makes the handler ask it for the invoice's status.
  const fake = await startFakeEpay();
  Object.assign(process.env, fake.env);
  const opened = await openDb({ seed: false });
  (globalThis as unknown as { __tilmenDb?: Promise<unknown> }).__tilmenDb = Promise.resolve(opened);
  const { db } = opened;
  const { POST } = await import('@/app/api/payments/[provider]/notify/route');
  const [tutor] = await db.insert(users).values({ role: 'tutor', name: 'Bench', lastname: 'Tutor', phone: '+77010000001', passwordHash: 'x', scope: 'tutor tutor:bookable' }).returning({ id: users.id });
  const [student] = await db.insert(users).values({ role: 'student', name: 'Bench', lastname: 'Student', phone: '+77010000002', passwordHash: 'x', scope: 'student' }).returning({ id: users.id });
  const q = quotePackage(6000, 'basic');
  const bodies: Record<string, unknown>[] = [];
  for (let i = 0; i < ORDERS; i += 500) {
    const rows = Array.from({ length: Math.min(500, ORDERS - i) }, (_, k) => {
      const n = i + k;
      return { studentId: student!.id, tutorId: tutor!.id, subject: 'english', plan: 'basic' as const, lessons: q.lessons, tutorPrice: 6000, perLessonTiyn: q.perLessonTiyn, amountTiyn: q.totalTiyn, provider: 'epay' as const, invoiceId: String(800_000_000 + n), secretHash: secretHashOf(`bench-secret-${n}`) };
    });
    await db.insert(paymentOrders).values(rows);
    for (const r of rows) {
      const n = Number(r.invoiceId) - 800_000_000;
      // The bank's side: the invoice charged (what its payment page would have left).
      const at = Date.now();
      fake.invoices.set(r.invoiceId, { invoiceId: r.invoiceId, amount: q.totalTiyn / 100, currency: 'KZT', terminal: FAKE_CREDENTIALS.terminal, status: 'CHARGE', txId: `tx-${n}`, createdAt: at, updatedAt: at, cardMask: '440563...5096', reason: 'success', reasonCode: 0 });
      bodies.push({ id: `tx-${n}`, invoiceId: r.invoiceId, amount: q.totalTiyn / 100, currency: 'KZT', terminal: FAKE_CREDENTIALS.terminal, code: 'ok', reason: 'success', reasonCode: 0, cardMask: '440563...5096', secret_hash: `bench-secret-${n}` });
    }
  }
  const request = (body: Record<string, unknown>, n: number) =>
    new NextRequest('http://localhost/api/payments/epay/notify', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` }, body: JSON.stringify(body) });

  async function pass() {
    const times: number[] = [];
    const codes: Record<string, number> = {};
    let k = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (k < bodies.length) {
          const n = k++;
          const s = performance.now();
          const res = await POST(request(bodies[n]!, n), { params: Promise.resolve({ provider: 'epay' }) });
          times.push(performance.now() - s);
          codes[res.status] = (codes[res.status] ?? 0) + 1;
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    return { perSecond: bodies.length / secs, p50: pct(times, 50), p99: pct(times, 99), max: Math.max(...times), codes };
  }
  const first = await pass();
  const again = await pass();
  const [credited] = await db.select({ n: sql<string>`count(distinct ${ledgerEntries.txnId})` }).from(ledgerEntries).where(sql`${ledgerEntries.kind} = 'payment'`);
  const total = await ledgerTotal(db);
  console.log(JSON.stringify({ orders: ORDERS, concurrency: CONCURRENCY, first, again, credited: Number(credited!.n), ledger: total }));
  await opened.close();
  await fake.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
