// POST /api/auth/password - change the password (bearer): needs the current one; every session ends, this device gets a new one.
import { route } from '@/lib/api/route';
import { changeAccountPassword } from '@/lib/auth/account';
import { requireUser, setSessionCookies } from '@/lib/auth/http';
import { changePasswordSchema } from '@/lib/validations/account';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const input = await ctx.body(changePasswordSchema);
  const session = await changeAccountPassword(ctx.db, user, input, ctx);
  return setSessionCookies(ctx.req, ctx.json({ ok: true, token: session.accessToken }), session.refreshToken);
});
