// GET /api/member/me - the current member, for the bearer token.
import { NextResponse, type NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { requireUser } from '@/lib/auth/http';
import { publicUser } from '@/lib/auth/login';
import { getDb } from '@/lib/db/client';

export async function GET(req: NextRequest) {
  try {
    const user = await requireUser(await getDb(), req);
    return NextResponse.json({ member: publicUser(user) }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, localeFromAcceptLanguage(req.headers.get('accept-language')));
  }
}
