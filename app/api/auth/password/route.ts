// POST /api/auth/password - change the password (bearer): needs the current one; every session ends, this device gets a new one.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { openSession, requireUser, setSessionCookies } from '@/lib/auth/http';
import { changePassword } from '@/lib/auth/password-change';
import { getDb } from '@/lib/db/client';
import { kickOutbox, runAfterResponse } from '@/lib/server/services';
import { changePasswordSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const db = await getDb();
    const user = await requireUser(db, req);
    const input = changePasswordSchema.parse(await readJson(req));
    const result = await changePassword(db, user, { current: input.current, password: input.password, ipHash: ctx.ipHash });
    if (!result.ok && result.reason === 'limited') throw new ApiError(429, 'rate_limited', undefined, result.retryAfter);
    if (!result.ok) throw new ApiError(422, 'wrong_current_password', { current: 'wrong_current_password' });
    runAfterResponse(kickOutbox);
    const session = await openSession(db, user);
    const res = NextResponse.json({ ok: true, token: session.accessToken }, { headers: { 'Cache-Control': 'no-store' } });
    setSessionCookies(req, res, session.refreshToken);
    return res;
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
