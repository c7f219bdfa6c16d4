// POST /api/auth/reset/email/check - is this reset link still good? 200 or 410.
import { route } from '@/lib/api/route';
import { checkResetLink } from '@/lib/auth/password-reset';
import { resetEmailTokenSchema } from '@/lib/validations/account';

export const POST = route(async (ctx) => {
  const { token } = await ctx.body(resetEmailTokenSchema);
  await checkResetLink(ctx.db, token);
  return { ok: true };
});
