import 'server-only';
import { eq } from 'drizzle-orm';
import type { NextRequest, NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { allowedOrigins, sameOrigin } from '@/lib/api/origin';
import { isHttpsRequest, trustProxyFromEnv } from '@/lib/api/scheme';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { appSecret, env } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import { DEVICE_COOKIE, DEVICE_TTL_S, newDeviceCookie } from './device';
import { liveSession, REFRESH_ABSOLUTE_S, signAccessToken, startSession, verifyAccessToken } from './tokens';

export const REFRESH_COOKIE = 'tilmen_rt';
export const AUTH_MARKER_COOKIE = 'auth';

/** Secure whenever the request came over https (the proxy's word only when it is trusted). */
export const secureRequest = (req: NextRequest) => isHttpsRequest(req.headers, req.url, env().TRUST_PROXY);

export function setSessionCookies(req: NextRequest, res: NextResponse, refreshToken: string): NextResponse {
  const secure = secureRequest(req);
  // HttpOnly, narrow path: only the API ever sees the refresh token.
  res.cookies.set(REFRESH_COOKIE, refreshToken, { httpOnly: true, secure, sameSite: 'lax', path: '/api/', maxAge: REFRESH_ABSOLUTE_S });
  // A marker without any secret: the teacher header asks for the profile only when it exists.
  res.cookies.set(AUTH_MARKER_COOKIE, '1', { httpOnly: false, secure, sameSite: 'lax', path: '/', maxAge: REFRESH_ABSOLUTE_S });
  return res;
}

export function clearSessionCookies(req: NextRequest, res: NextResponse): NextResponse {
  const secure = secureRequest(req);
  res.cookies.set(REFRESH_COOKIE, '', { path: '/api/', maxAge: 0, httpOnly: true, secure, sameSite: 'lax' });
  res.cookies.set(AUTH_MARKER_COOKIE, '', { path: '/', maxAge: 0, secure, sameSite: 'lax' });
  return res;
}

/** A signed-in browser is remembered on the login call only: its own failures never lock the owner out. */
export function setDeviceCookie(req: NextRequest, res: NextResponse, userId: number): NextResponse {
  res.cookies.set(DEVICE_COOKIE, newDeviceCookie(userId, appSecret()), {
    httpOnly: true,
    secure: secureRequest(req),
    sameSite: 'strict',
    path: '/api/auth/',
    maxAge: DEVICE_TTL_S,
  });
  return res;
}

/** A new session for the user: the refresh token (cookie) and an access token bound to it. */
export async function openSession(db: Db, user: { id: number; scope: string }): Promise<{ accessToken: string; refreshToken: string }> {
  const { token, sid } = await startSession(db, user.id);
  return { accessToken: await signAccessToken({ sub: user.id, scope: user.scope, sid }, appSecret()), refreshToken: token };
}

/** Cookie-authenticated POSTs: refused when another site sends them. */
export function assertSameOrigin(req: NextRequest): void {
  const https = isHttpsRequest(req.headers, req.url, trustProxyFromEnv());
  if (!sameOrigin(req.headers, allowedOrigins(publicEnv.NEXT_PUBLIC_SITE_URL, req.url, req.headers.get('host'), https))) {
    throw new ApiError(403, 'forbidden_origin');
  }
}

const bearer = (req: NextRequest) => /^Bearer ([\w.-]{10,2048})$/.exec(req.headers.get('authorization') ?? '')?.[1];

/**
 * The user behind `Authorization: Bearer …`, or a 401: a valid signature is not enough, the
 * session it names must still be live (logout, a reset, a password change or a block end it at
 * once), the user must exist and must not be blocked (401 `account_blocked`: the client's refresh
 * then fails too and it signs out; a 403 would leave it signed in to a dead account).
 */
export async function requireUser(db: Db, req: NextRequest) {
  const token = bearer(req);
  const claims = token ? await verifyAccessToken(token, appSecret()) : null;
  if (!claims || !(await liveSession(db, claims.sub, claims.sid))) throw new ApiError(401, 'unauthorized');
  const [user] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!user) throw new ApiError(401, 'unauthorized');
  if (user.blockedAt) throw new ApiError(401, 'account_blocked');
  return user;
}

/** For calls that work signed out too: no header is a guest; a header that fails is a 401 (the client refreshes). */
export async function optionalUser(db: Db, req: NextRequest) {
  return req.headers.has('authorization') ? requireUser(db, req) : null;
}
