// GET /api/admin/finance/payments/[id] - one order: package, provider events, ledger rows, refunds, fiscal receipts (issued or waiting, with the register's last error) (audited: payment.view). Finance.
import { idParam } from '@/lib/api/params';
import { viewPayment } from '@/lib/payments/finance';
import { staffRoute } from '@/lib/staff/http';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, params }) => viewPayment(db, actor, idParam(params)));
