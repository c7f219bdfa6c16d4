// POST /api/admin/groups/[id]/cancel {reason} - cancels a group: every student refunded what is not yet held (before the start: in full) and told; the refunds go to the bank at once (audited: group.cancel). Sales.
import { idParam } from '@/lib/api/params';
import { cancelGroup } from '@/lib/groups/changes';
import { sendRefunds } from '@/lib/payments/refunds';
import { staffRoute } from '@/lib/staff/http';
import { groupCancelSchema } from '@/lib/validations/groups';

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(groupCancelSchema);
  const { group, refunds } = await cancelGroup(db, actor, id, reason);
  return { group, refunds: await sendRefunds(db, refunds) };
});
