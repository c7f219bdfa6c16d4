// POST /api/auth/reset/email/confirm - uses the link once: new password, every session revoked.
import { route } from '@/lib/api/route';
import { resetPasswordByLink } from '@/lib/auth/password-reset';
import { resetEmailConfirmSchema } from '@/lib/validations/account';

export const POST = route(async (ctx) => {
  const input = await ctx.body(resetEmailConfirmSchema);
  await resetPasswordByLink(ctx.db, input.token, input.password);
  return { ok: true };
});
