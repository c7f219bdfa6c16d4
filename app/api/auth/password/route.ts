// POST /api/auth/password - change the password (bearer): needs the current one; every other session ends.
import { eq } from 'drizzle-orm';
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { requireUser, setSessionCookies } from '@/lib/auth/http';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { revokeAllSessions, startSession } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { securityEvents, users } from '@/lib/db/schema';
import { changePasswordSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const db = await getDb();
    const user = await requireUser(db, req);
    const input = changePasswordSchema.parse(await readJson(req));
    if (!(await verifyPassword(user.passwordHash, input.current))) {
      throw new ApiError(422, 'wrong_current_password', { current: 'wrong_current_password' });
    }
    await db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
    await revokeAllSessions(db, user.id);
    await db.insert(securityEvents).values({ type: 'password_changed', userId: user.id, ipHash: ctx.ipHash });
    // This device stays signed in with a fresh session; the others are signed out.
    const res = NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
    setSessionCookies(res, await startSession(db, user.id));
    return res;
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
