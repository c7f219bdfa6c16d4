// POST /api/auth/reset/phone - SMS code (purpose reset) and a new password → {ok}; the same answer for any phone.
import { route } from '@/lib/api/route';
import { resetPasswordBySms } from '@/lib/auth/password-reset';
import { resetByPhoneSchema } from '@/lib/validations/registration';

export const POST = route(async (ctx) => {
  await resetPasswordBySms(ctx.db, await ctx.body(resetByPhoneSchema), ctx);
  return { ok: true };
});
