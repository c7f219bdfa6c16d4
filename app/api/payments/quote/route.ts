// POST /api/payments/quote {tutorId, subject, plan, promoCode?} - anyone: the checkout's price breakdown in tiyn (a promo code is checked as on the tariff page).
import { route } from '@/lib/api/route';
import { checkoutQuote } from '@/lib/payments/checkout';
import { checkoutSchema } from '@/lib/validations/payments';

export const POST = route(async (ctx) => checkoutQuote(ctx.db, await ctx.body(checkoutSchema), ctx.ipHash));
