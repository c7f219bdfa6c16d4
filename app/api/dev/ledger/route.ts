// GET /api/dev/ledger - development and e2e only (ENABLE_DEV_TOOLS): the ledger's sum and its unbalanced transactions ({total, unbalancedTxns}: both 0 when every money move balanced). e2e's teardown asks it after the whole run.
import { route } from '@/lib/api/route';
import { ledgerTotal } from '@/lib/money/ledger';

export const dynamic = 'force-dynamic';

export const GET = route(async (ctx) => ledgerTotal(ctx.db), { devTools: true });
