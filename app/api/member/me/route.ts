// GET /api/member/me - the current member, for the bearer token.
import { NextResponse, type NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { requireUser } from '@/lib/auth/http';
import { profile } from '@/lib/auth/profile';
import { getDb } from '@/lib/db/client';

export async function GET(req: NextRequest) {
  try {
    const db = await getDb();
    const user = await requireUser(db, req);
    return NextResponse.json({ member: await profile(db, user) }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, localeFromAcceptLanguage(req.headers.get('accept-language')));
  }
}
