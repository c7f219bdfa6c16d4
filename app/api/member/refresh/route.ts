// POST /api/member/refresh - rotates the refresh cookie → {token}; a reused token ends the family.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { assertSameOrigin, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '@/lib/auth/http';
import { refreshSession } from '@/lib/auth/session';

export const POST = route(async (ctx) => {
  assertSameOrigin(ctx.req);
  const session = await refreshSession(ctx.db, ctx.req.cookies.get(REFRESH_COOKIE)?.value);
  // A blocked account is told why (the client signs out on any failed refresh, then sign-in says it again).
  if (!session.ok) return clearSessionCookies(ctx.req, ctx.error(new ApiError(401, session.reason === 'blocked' ? 'account_blocked' : 'unauthorized')));
  return setSessionCookies(ctx.req, ctx.json({ token: session.accessToken }), session.refreshToken);
});
