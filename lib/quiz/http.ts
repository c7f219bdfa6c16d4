import 'server-only';
import { createHash } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { hit } from '@/lib/rate-limit';
import { optionalUser } from '@/lib/auth/http';
import { TEST_TOKEN_HEADER } from './attempts';

/**
 * The signed-in user behind a Bearer token, or null: the tests work signed out as well. A token
 * that is sent but bad (forged, expired, its session ended, its user gone) is a 401, never a guest.
 */
export async function optionalUserId(db: Db, req: NextRequest): Promise<number | null> {
  return (await optionalUser(db, req))?.id ?? null;
}

export const testToken = (req: NextRequest) => req.headers.get(TEST_TOKEN_HEADER);

export function noStore<T>(body: T, status = 200): NextResponse {
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * Calls behind a test token are limited per token: generous for a person (30 items, back and
 * forth), tight for a script replaying one token. No token: nothing to count (the call 404s).
 */
export async function limitPerToken(db: Db, req: NextRequest, name: string, max: number, windowSeconds = 600): Promise<void> {
  const token = testToken(req);
  if (!token) return;
  const key = `test:${name}:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
  const r = await hit(db, { key, max, windowSeconds });
  if (!r.allowed) throw new ApiError(429, 'rate_limited', undefined, r.retryAfter);
}

/** Calls limited per client address (keyed hash from requestContext). */
export async function limitPerIp(db: Db, ipHash: string, name: string, max: number, windowSeconds = 600): Promise<void> {
  const r = await hit(db, { key: `test:${name}:ip:${ipHash}`, max, windowSeconds });
  if (!r.allowed) throw new ApiError(429, 'rate_limited', undefined, r.retryAfter);
}
