// POST /api/auth/reset/email/confirm - uses the link once: new password, every session revoked.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { confirmEmailReset } from '@/lib/auth/reset';
import { getDb } from '@/lib/db/client';
import { kickOutbox, runAfterResponse } from '@/lib/server/services';
import { resetEmailConfirmSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const input = resetEmailConfirmSchema.parse(await readJson(req));
    if (!(await confirmEmailReset(await getDb(), input.token, input.password))) throw new ApiError(410, 'reset_link_invalid');
    runAfterResponse(kickOutbox); // the "password changed" notice
    return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
