// Playwright's global teardown (the audit: the ledger was checked after kill -9 only): after every
// spec, while the e2e server still runs, the whole ledger sums to zero and no transaction is
// unbalanced. A failing teardown fails `npm test`.
import { baseURL } from '../playwright.config';

export default async function ledgerTeardown() {
  if (process.env.E2E_CAPTCHA) return;
  const res = await fetch(`${baseURL}/api/dev/ledger`);
  if (!res.ok) throw new Error(`the ledger check could not ask the server: HTTP ${res.status}`);
  const sum = (await res.json()) as { total: number; unbalancedTxns: number };
  if (sum.total !== 0 || sum.unbalancedTxns !== 0) throw new Error(`the ledger does not balance after the e2e run: ${JSON.stringify(sum)}`);
  console.log(`[e2e] the ledger balances after the run: ${JSON.stringify(sum)}`);
}
