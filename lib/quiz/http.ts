import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { appSecret } from '@/lib/env';
import { TEST_TOKEN_HEADER } from './attempts';

/** The signed-in user behind a Bearer token, or null: the tests work signed out as well. */
export function optionalUserId(req: NextRequest): number | null {
  const token = /^Bearer ([\w.-]{10,2048})$/.exec(req.headers.get('authorization') ?? '')?.[1];
  const claims = token ? verifyAccessToken(token, appSecret()) : null;
  return claims?.sub ?? null;
}

export const testToken = (req: NextRequest) => req.headers.get(TEST_TOKEN_HEADER);

export function noStore<T>(body: T, status = 200): NextResponse {
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
