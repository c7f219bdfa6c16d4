import 'server-only';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db/types';
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
