// POST /api/auth/reset/email - mails a 30-minute single-use link when the address has an account; 202 always.
import { route } from '@/lib/api/route';
import { mailResetLink } from '@/lib/auth/password-reset';
import { resetEmailRequestSchema } from '@/lib/validations/account';

export const POST = route(
  async (ctx) => {
    const { email } = await ctx.body(resetEmailRequestSchema, { captcha: 'reset' });
    await mailResetLink(ctx.db, email, ctx);
    // The same answer whether or not the address has an account (and when over its own limit).
    return { sent: true };
  },
  { status: 202 },
);
