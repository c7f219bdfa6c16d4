// POST /api/admin/groups/[id]/merge {into} - every student moves to group `into` at no extra cost, the difference refunded, this group cancelled, everyone told (audited: group.merge). Sales.
import { idParam } from '@/lib/api/params';
import { mergeGroup } from '@/lib/groups/changes';
import { sendRefunds } from '@/lib/payments/refunds';
import { staffRoute } from '@/lib/staff/http';
import { groupIntoSchema } from '@/lib/validations/groups';

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { into } = await body(groupIntoSchema);
  const merged = await mergeGroup(db, actor, id, into);
  return { ...merged, refunds: await sendRefunds(db, merged.refunds) };
});
