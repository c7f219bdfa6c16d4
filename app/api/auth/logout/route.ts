// POST /api/auth/logout - revokes the session family and clears both cookies.
import { route } from '@/lib/api/route';
import { assertSameOrigin, clearSessionCookies, REFRESH_COOKIE } from '@/lib/auth/http';
import { signOut } from '@/lib/auth/session';

export const POST = route(async (ctx) => {
  assertSameOrigin(ctx.req);
  await signOut(ctx.db, ctx.req.cookies.get(REFRESH_COOKIE)?.value);
  return clearSessionCookies(ctx.req, ctx.json({ ok: true }));
});
