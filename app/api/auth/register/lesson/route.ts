// POST /api/auth/register/lesson - name and SMS-verified phone → {lessonUrl} of the school's online lesson.
import { NextResponse, type NextRequest } from 'next/server';
import { errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { createLead } from '@/lib/leads/create';
import { kickOutbox, runAfterResponse } from '@/lib/server/services';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import { lessonRegistrationSchema } from '@/lib/validations/registration';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const input = lessonRegistrationSchema.parse(await readJson(req));
    const db = await getDb();
    const code = await verifyCode(db, { phone: input.phone, purpose: 'lesson', code: input.code, ipHash: ctx.ipHash });
    if (code.status !== 'ok') throw smsVerifyError(code);
    // The visitor is a lead for the sales team too, with attribution.
    await createLead(db, { kind: 'trial', name: input.name, phone: input.phone, page: '/stud-simple-reg', consent: input.consent }, {
      locale: ctx.locale,
      utmFirst: ctx.utmFirst,
      utmLast: ctx.utmLast,
      ipHash: ctx.ipHash,
      staffEmail: env().STAFF_EMAIL,
    });
    runAfterResponse(kickOutbox);
    return NextResponse.json({ lessonUrl: env().LESSON_URL }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
