// POST /api/admin/groups/seats/[id]/move {into} - one student's paid seat moves to group `into` by a merge's rules; the place it frees goes to the old group's waitlist (audited: group.seat_move). Sales.
import { idParam } from '@/lib/api/params';
import { moveSeat } from '@/lib/groups/changes';
import { sendRefunds } from '@/lib/payments/refunds';
import { staffRoute } from '@/lib/staff/http';
import { groupIntoSchema } from '@/lib/validations/groups';

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { into } = await body(groupIntoSchema);
  const { seat, refund } = await moveSeat(db, actor, id, into);
  return { seat, refund: refund ? ((await sendRefunds(db, [refund]))[0] ?? refund) : null };
});
