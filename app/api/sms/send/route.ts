// POST /api/sms/send - sends a one-time code by SMS. The same answer whether or not an account
// exists for the phone: this route never looks up users.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { clientIp, hashIp } from '@/lib/api/client-ip';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { verifyCaptcha } from '@/lib/captcha/verify';
import { getDb } from '@/lib/db/client';
import { appSecret, env } from '@/lib/env';
import { captchaConfig, kickOutbox, runAfterResponse } from '@/lib/server/services';
import { issueCode } from '@/lib/sms/codes';
import { smsIssueError } from '@/lib/sms/errors';
import { smsSendRequestSchema } from '@/lib/sms/validation';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const input = smsSendRequestSchema.parse(await readJson(req));
    const db = await getDb();
    const ip = clientIp(req.headers, env().TRUST_PROXY);
    const ipHash = hashIp(ip, appSecret());
    const captcha = await verifyCaptcha(db, captchaConfig(), input.captchaToken, 'sms', ip);
    if (!captcha.ok && !captcha.outage) throw new ApiError(400, 'captcha_failed');
    // Google unreachable: the per-IP, per-prefix and daily caps still bound what can be sent.
    if (!captcha.ok) console.warn(`[captcha] verify unavailable (${captcha.reason}); SMS send accepted`);
    const result = await issueCode(db, { phone: input.phone, purpose: input.purpose, ipHash, locale, dailyBudget: env().SMS_DAILY_BUDGET });
    if (!result.ok) throw smsIssueError(result);
    runAfterResponse(kickOutbox);
    return NextResponse.json(
      { sent: true, resendAfter: result.resendAfter, expiresIn: result.expiresIn },
      { status: 202, headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (err) {
    return errorResponse(err, locale);
  }
}
