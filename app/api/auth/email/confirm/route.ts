// POST /api/auth/email/confirm - {token} from the mailed link → {email}; 410 used or expired, 409 another account has it.
import { route } from '@/lib/api/route';
import { confirmAccountEmail } from '@/lib/auth/account';
import { emailConfirmSchema } from '@/lib/validations/account';

export const POST = route(async (ctx) => {
  const { token } = await ctx.body(emailConfirmSchema);
  return confirmAccountEmail(ctx.db, token, ctx);
});
