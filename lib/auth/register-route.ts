import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { verifyCaptcha } from '@/lib/captcha/verify';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/env';
import { captchaConfig } from '@/lib/server/services';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import { setSessionCookies } from './http';
import { createAccount, type NewAccount } from './register';
import { signAccessToken, startSession } from './tokens';

type Parsed = Omit<NewAccount, 'locale' | 'utmFirst' | 'utmLast' | 'ipHash'> & { code: string; captchaToken?: string };

/** Shared by the student and tutor registration calls: captcha, SMS code, account, session. */
export async function handleRegistration(req: NextRequest, parse: (body: unknown) => Parsed) {
  const ctx = requestContext(req);
  try {
    const input = parse(await readJson(req));
    const db = await getDb();
    const captcha = await verifyCaptcha(db, captchaConfig(), input.captchaToken, 'register', ctx.ip);
    if (!captcha.ok && !captcha.outage) throw new ApiError(400, 'captcha_failed');
    const code = await verifyCode(db, { phone: input.phone, purpose: 'register', code: input.code, ipHash: ctx.ipHash });
    if (code.status !== 'ok') throw smsVerifyError(code);
    const created = await createAccount(db, { ...input, locale: ctx.locale, utmFirst: ctx.utmFirst, utmLast: ctx.utmLast, ipHash: ctx.ipHash });
    // The phone was just proven to be the caller's: saying it has an account reveals nothing new.
    if (!created.ok) throw new ApiError(409, 'account_exists');
    const refresh = await startSession(db, created.user.id);
    const body: Record<string, unknown> = { token: signAccessToken({ sub: created.user.id, scope: created.user.scope }, appSecret()) };
    if (created.application) body.application = { status: created.application.status, reviewDueAt: created.application.reviewDueAt.toISOString() };
    const res = NextResponse.json(body, { status: 201, headers: { 'Cache-Control': 'no-store' } });
    setSessionCookies(res, refresh);
    return res;
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
