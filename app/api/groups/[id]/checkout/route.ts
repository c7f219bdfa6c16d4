// POST /api/groups/[id]/checkout - the signed-in student (bearer): a seat held for 20 minutes (a waitlist's offer: until its end) and its order; 201 {invoiceId, amountTiyn, lessons, perLessonTiyn, heldUntil, test, start}, `start` being the provider's hosted-page call. 409 group_full before any payment.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { startSeatCheckout } from '@/lib/payments/checkout';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    return startSeatCheckout(ctx.db, user, idParam(ctx.params), { locale: ctx.locale });
  },
  { status: 201 },
);
