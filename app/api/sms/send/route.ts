// POST /api/sms/send - sends a one-time code by SMS → 202 {sent, resendAfter, expiresIn}; the same answer whether or not an account exists for the phone.
import { route } from '@/lib/api/route';
import { sendCode } from '@/lib/sms/send';
import { smsSendRequestSchema } from '@/lib/sms/validation';

export const POST = route(async (ctx) => sendCode(ctx.db, await ctx.body(smsSendRequestSchema), ctx), { status: 202 });
