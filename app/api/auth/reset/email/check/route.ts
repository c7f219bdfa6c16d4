// POST /api/auth/reset/email/check - is this reset link still good? 200 or 410.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { checkResetToken } from '@/lib/auth/reset';
import { getDb } from '@/lib/db/client';
import { resetEmailTokenSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const { token } = resetEmailTokenSchema.parse(await readJson(req));
    if (!(await checkResetToken(await getDb(), token))) throw new ApiError(410, 'reset_link_invalid');
    return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
