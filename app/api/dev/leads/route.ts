// GET /api/dev/leads?phone=+77011234567 - recent leads, for development and e2e only (ENABLE_DEV_TOOLS).
import { desc, eq } from 'drizzle-orm';
import { NextResponse, type NextRequest } from 'next/server';
import { errorResponse, ApiError } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { getDb } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { checkKzMobile } from '@/lib/phone';

export const dynamic = 'force-dynamic';

export async function GET(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    if (!env().ENABLE_DEV_TOOLS) throw new ApiError(404, 'not_found');
    const phone = checkKzMobile(req.nextUrl.searchParams.get('phone') ?? '');
    const db = await getDb();
    const query = db.select().from(leads).orderBy(desc(leads.id)).limit(20);
    const rows = phone.ok ? await query.where(eq(leads.phone, phone.e164)) : await query;
    return NextResponse.json({ leads: rows }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
