// POST /api/admin/finance/reconciliation {from, to} - our orders of the period against the provider's status query; lists differences, changes nothing (audited: payment.reconcile). Finance.
import { reconcile } from '@/lib/payments/finance';
import { staffRoute } from '@/lib/staff/http';
import { reconcileSchema } from '@/lib/validations/finance';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, body }) => reconcile(db, actor, await body(reconcileSchema)));
