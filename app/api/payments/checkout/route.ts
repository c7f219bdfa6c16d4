// POST /api/payments/checkout {tutorId, subject, plan, promoCode?} - the signed-in student (bearer): 201 {invoiceId, amountTiyn, test, start}, `start` being the provider's hosted-page call.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { startCheckout } from '@/lib/payments/checkout';
import { checkoutSchema } from '@/lib/validations/payments';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    return startCheckout(ctx.db, user, await ctx.body(checkoutSchema), { locale: ctx.locale, ipHash: ctx.ipHash });
  },
  { status: 201 },
);
