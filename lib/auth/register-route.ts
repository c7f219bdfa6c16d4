import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { captchaRefusal } from '@/lib/captcha/refusal';
import { verifyCaptcha } from '@/lib/captcha/verify';
import type { CaptchaKind } from '@/lib/validations/captcha';
import { getDb } from '@/lib/db/client';
import { captchaConfig, kickOutbox, runAfterResponse } from '@/lib/server/services';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import { openSession, setSessionCookies } from './http';
import { createAccount, type NewAccount } from './register';

type Parsed = Omit<NewAccount, 'locale' | 'utmFirst' | 'utmLast' | 'ipHash'> & { code: string; captchaToken?: string; captchaKind?: CaptchaKind };

/** Shared by the student and tutor registration calls: captcha, SMS code, account, session. */
export async function handleRegistration(req: NextRequest, parse: (body: unknown) => Parsed) {
  const ctx = requestContext(req);
  try {
    const input = parse(await readJson(req));
    const db = await getDb();
    const captcha = await verifyCaptcha(db, captchaConfig(), input, 'register', ctx.ip);
    if (!captcha.ok && !captcha.outage) throw captchaRefusal(captcha);
    const code = await verifyCode(db, { phone: input.phone, purpose: 'register', code: input.code, ipHash: ctx.ipHash });
    if (code.status !== 'ok') throw smsVerifyError(code);
    const created = await createAccount(db, { ...input, locale: ctx.locale, utmFirst: ctx.utmFirst, utmLast: ctx.utmLast, ipHash: ctx.ipHash });
    // The phone was just proven to be the caller's: saying it has an account reveals nothing new.
    if (!created.ok) throw new ApiError(409, 'account_exists');
    if (input.email) runAfterResponse(kickOutbox); // the confirmation link
    const session = await openSession(db, created.user);
    const body: Record<string, unknown> = { token: session.accessToken };
    if (created.application) body.application = { status: created.application.status, reviewDueAt: created.application.reviewDueAt.toISOString() };
    const res = NextResponse.json(body, { status: 201, headers: { 'Cache-Control': 'no-store' } });
    setSessionCookies(req, res, session.refreshToken);
    return res;
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
