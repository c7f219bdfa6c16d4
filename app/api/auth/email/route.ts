// POST /api/auth/email - add or change the account's e-mail (bearer) → 202; it counts once the mailed link is opened.
import { route } from '@/lib/api/route';
import { changeAccountEmail } from '@/lib/auth/account';
import { requireUser } from '@/lib/auth/http';
import { emailChangeSchema } from '@/lib/validations/account';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    const { email } = await ctx.body(emailChangeSchema);
    await changeAccountEmail(ctx.db, user, email, ctx);
    return { sent: true };
  },
  { status: 202 },
);
