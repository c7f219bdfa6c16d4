// POST /api/auth/logout - revokes the session family and clears both cookies.
import { NextResponse, type NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { assertSameOrigin, clearSessionCookies, REFRESH_COOKIE } from '@/lib/auth/http';
import { revokeSession } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    assertSameOrigin(req);
    const presented = req.cookies.get(REFRESH_COOKIE)?.value;
    if (presented) await revokeSession(await getDb(), presented);
    const res = NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
    clearSessionCookies(req, res);
    return res;
  } catch (err) {
    return errorResponse(err, locale);
  }
}
