// GET /api/dev/outbox?phone=+77011234567 - recent outbox SMS with their codes, for development and
// e2e only (ENABLE_DEV_TOOLS). A code is shown while the row still carries it: pending messages,
// and everything sent by the log driver, which keeps a development copy (lib/sms/drivers.ts).
import { and, desc, eq } from 'drizzle-orm';
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { getDb } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { checkKzMobile } from '@/lib/phone';
import { codeInBody } from '@/lib/sms/text';

export const dynamic = 'force-dynamic';

export async function GET(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    if (!env().ENABLE_DEV_TOOLS) throw new ApiError(404, 'not_found');
    const param = req.nextUrl.searchParams.get('phone');
    const phone = param ? checkKzMobile(param) : null;
    if (phone && !phone.ok) {
      throw new ApiError(422, 'validation_failed', { phone: phone.reason === 'invalid' ? 'phone_invalid' : 'phone_not_kz' });
    }
    const db = await getDb();
    const rows = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), phone?.ok ? eq(outbox.recipient, phone.e164) : undefined))
      .orderBy(desc(outbox.id))
      .limit(20);
    const messages = rows.map((r) => ({
      id: r.id,
      recipient: r.recipient,
      body: r.body,
      code: codeInBody(r.body),
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt,
      sentAt: r.sentAt,
    }));
    return NextResponse.json({ messages }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
