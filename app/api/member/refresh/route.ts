// POST /api/member/refresh - rotates the refresh cookie → {token}; a reused token ends the family.
import { eq } from 'drizzle-orm';
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { assertSameOrigin, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '@/lib/auth/http';
import { rotateSession, signAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { appSecret } from '@/lib/env';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    assertSameOrigin(req);
    const presented = req.cookies.get(REFRESH_COOKIE)?.value ?? '';
    const db = await getDb();
    const rotated = await rotateSession(db, presented);
    const [user] = rotated.ok ? await db.select({ scope: users.scope }).from(users).where(eq(users.id, rotated.userId)) : [];
    if (!rotated.ok || !user) {
      const res = errorResponse(new ApiError(401, 'unauthorized'), locale);
      clearSessionCookies(req, res);
      return res;
    }
    const token = await signAccessToken({ sub: rotated.userId, scope: user.scope, sid: rotated.sid }, appSecret());
    const res = NextResponse.json({ token }, { headers: { 'Cache-Control': 'no-store' } });
    setSessionCookies(req, res, rotated.token);
    return res;
  } catch (err) {
    return errorResponse(err, locale);
  }
}
