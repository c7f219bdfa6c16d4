// POST /api/chat-help/checkout {hours: 1|3|5|10} - the signed-in student (bearer): an order of chat help hours at 500 ₸ an hour; 201 {invoiceId, amountTiyn, hours, test, start}, `start` being the provider's hosted-page call.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { startChatCheckout } from '@/lib/payments/checkout';
import { chatBuySchema } from '@/lib/validations/chat-help';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    const { hours } = await ctx.body(chatBuySchema);
    return startChatCheckout(ctx.db, user, hours, { locale: ctx.locale });
  },
  { status: 201 },
);
