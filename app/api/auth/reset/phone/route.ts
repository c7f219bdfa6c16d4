// POST /api/auth/reset/phone - SMS code (purpose reset) and a new password → {ok}; the same answer for any phone.
import { NextResponse, type NextRequest } from 'next/server';
import { errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { resetByPhone } from '@/lib/auth/reset';
import { getDb } from '@/lib/db/client';
import { kickOutbox, runAfterResponse } from '@/lib/server/services';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import { resetByPhoneSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const input = resetByPhoneSchema.parse(await readJson(req));
    const db = await getDb();
    const code = await verifyCode(db, { phone: input.phone, purpose: 'reset', code: input.code, ipHash: ctx.ipHash });
    if (code.status !== 'ok') throw smsVerifyError(code);
    await resetByPhone(db, input.phone, input.password);
    runAfterResponse(kickOutbox); // the "password changed" notice
    return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
