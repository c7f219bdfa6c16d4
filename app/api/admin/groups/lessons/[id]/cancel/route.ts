// POST /api/admin/groups/lessons/[id]/cancel {reason} - one group lesson cancelled for everyone before it starts: each seat's price of it back to the card, everyone told (audited: group.lesson_cancel). Sales.
import { idParam } from '@/lib/api/params';
import { cancelGroupLesson } from '@/lib/groups/changes';
import { sendRefunds } from '@/lib/payments/refunds';
import { staffRoute } from '@/lib/staff/http';
import { groupCancelSchema } from '@/lib/validations/groups';

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(groupCancelSchema);
  const { lesson, refunds } = await cancelGroupLesson(db, actor, id, reason);
  return { lesson, refunds: await sendRefunds(db, refunds) };
});
