// POST /api/auth/email - add or change the account's e-mail (bearer) → 202; it counts once the mailed link is opened.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { queueEmailConfirmation } from '@/lib/auth/email';
import { requireUser } from '@/lib/auth/http';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { hit } from '@/lib/rate-limit';
import { kickOutbox, runAfterResponse } from '@/lib/server/services';
import { emailChangeSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const db = await getDb();
    const user = await requireUser(db, req);
    const { email } = emailChangeSchema.parse(await readJson(req));
    const limit = await hit(db, { key: `email:change:${user.id}`, max: 5, windowSeconds: 3600 });
    if (!limit.allowed) throw new ApiError(429, 'rate_limited', undefined, limit.retryAfter);
    await db.transaction((tx) => queueEmailConfirmation(tx as unknown as Db, { userId: user.id, email, locale: ctx.locale }));
    runAfterResponse(kickOutbox);
    return NextResponse.json({ sent: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
