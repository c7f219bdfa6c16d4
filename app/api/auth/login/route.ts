// POST /api/auth/login - phone or e-mail and password → {token}; sets the refresh and auth cookies.
import { route } from '@/lib/api/route';
import { DEVICE_COOKIE } from '@/lib/auth/device';
import { setDeviceCookie, setSessionCookies } from '@/lib/auth/http';
import { signIn } from '@/lib/auth/sign-in';
import { loginSchema } from '@/lib/validations/auth';

export const POST = route(async (ctx) => {
  const input = await ctx.body(loginSchema);
  const { user, session, newDevice } = await signIn(ctx.db, input, ctx, ctx.req.cookies.get(DEVICE_COOKIE)?.value);
  const res = setSessionCookies(ctx.req, ctx.json({ token: session.accessToken }), session.refreshToken);
  return newDevice ? setDeviceCookie(ctx.req, res, user.id) : res;
});
