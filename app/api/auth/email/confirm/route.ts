// POST /api/auth/email/confirm - {token} from the mailed link → {email}; 410 used or expired, 409 another account has it.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { confirmEmail } from '@/lib/auth/email';
import { getDb } from '@/lib/db/client';
import { hit } from '@/lib/rate-limit';
import { emailConfirmSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const { token } = emailConfirmSchema.parse(await readJson(req));
    const db = await getDb();
    const limit = await hit(db, { key: `email:confirm:ip:${ctx.ipHash}`, max: 30, windowSeconds: 600 });
    if (!limit.allowed) throw new ApiError(429, 'rate_limited', undefined, limit.retryAfter);
    const result = await confirmEmail(db, token);
    if (!result.ok) throw result.reason === 'taken' ? new ApiError(409, 'email_taken') : new ApiError(410, 'email_confirm_invalid');
    return NextResponse.json({ email: result.email }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
