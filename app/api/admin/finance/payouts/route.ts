// GET /api/admin/finance/payouts?month=YYYY-MM&page - a month's payout register: per tutor lessons, plan by load, fee, earning (audited: payout.view). Finance.
import { audit } from '@/lib/audit/log';
import { payoutRegister, previousMonth } from '@/lib/payments/payouts';
import { staffRoute } from '@/lib/staff/http';
import { payoutsQuery } from '@/lib/validations/finance';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, query }) => {
  const q = query(payoutsQuery);
  const month = q.month ?? previousMonth();
  const view = await payoutRegister(db, month, q);
  await audit(db, actor, { action: 'payout.view', entity: 'payout', entityId: month, after: { tutors: view.total.tutors } });
  return view;
});
