// POST /api/groups/[id]/leave - the signed-in student leaves the group: every lesson not yet held back to the card (docs/payments.md, "Group seats"); {refund} (null when nothing is left), sent to the bank at once.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { leaveGroup } from '@/lib/groups/seats';
import { sendRefunds } from '@/lib/payments/refunds';

export const POST = route(async (ctx) => {
  const { refund } = await leaveGroup(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params));
  return { refund: refund ? ((await sendRefunds(ctx.db, [refund]))[0] ?? refund) : null };
});
