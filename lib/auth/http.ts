import 'server-only';
import { eq } from 'drizzle-orm';
import type { NextRequest, NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { allowedOrigins, sameOrigin } from '@/lib/api/origin';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { appSecret, env } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import { REFRESH_ABSOLUTE_S, verifyAccessToken } from './tokens';

export const REFRESH_COOKIE = 'tilmen_rt';
export const AUTH_MARKER_COOKIE = 'auth';

export function setSessionCookies(res: NextResponse, refreshToken: string): void {
  const secure = env().NODE_ENV === 'production' && publicEnv.NEXT_PUBLIC_SITE_URL.startsWith('https:');
  // HttpOnly, narrow path: only the API ever sees the refresh token.
  res.cookies.set(REFRESH_COOKIE, refreshToken, { httpOnly: true, secure, sameSite: 'lax', path: '/api/', maxAge: REFRESH_ABSOLUTE_S });
  // A marker without any secret: the teacher header asks for the profile only when it exists.
  res.cookies.set(AUTH_MARKER_COOKIE, '1', { httpOnly: false, secure, sameSite: 'lax', path: '/', maxAge: REFRESH_ABSOLUTE_S });
}

export function clearSessionCookies(res: NextResponse): void {
  res.cookies.set(REFRESH_COOKIE, '', { path: '/api/', maxAge: 0, httpOnly: true, sameSite: 'lax' });
  res.cookies.set(AUTH_MARKER_COOKIE, '', { path: '/', maxAge: 0, sameSite: 'lax' });
}

/** Cookie-authenticated POSTs: refused when another site sends them. */
export function assertSameOrigin(req: NextRequest): void {
  if (!sameOrigin(req.headers, allowedOrigins(publicEnv.NEXT_PUBLIC_SITE_URL, req.url, req.headers.get('host')))) {
    throw new ApiError(403, 'forbidden_origin');
  }
}

/** The user behind `Authorization: Bearer …`, or a 401. */
export async function requireUser(db: Db, req: NextRequest) {
  const header = req.headers.get('authorization') ?? '';
  const token = /^Bearer ([\w.-]{10,2048})$/.exec(header)?.[1];
  const claims = token ? verifyAccessToken(token, appSecret()) : null;
  if (!claims) throw new ApiError(401, 'unauthorized');
  const [user] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!user) throw new ApiError(401, 'unauthorized');
  return user;
}
