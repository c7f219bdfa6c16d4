// POST /api/promo/check - prices of the tariff plans with a promo code applied.
import { route } from '@/lib/api/route';
import { quotePromo } from '@/lib/promo/quote';
import { promoRequestSchema } from '@/lib/validations/promo';

export const POST = route(async (ctx) => quotePromo(ctx.db, await ctx.body(promoRequestSchema), ctx.ipHash));
