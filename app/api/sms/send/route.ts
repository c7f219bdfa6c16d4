// POST /api/sms/send - sends a one-time code by SMS. The same answer whether or not an account
// exists for the phone: a reset for a phone without an account sends nothing but is answered,
// limited and timed like a real send (lib/sms/codes.ts, `checkAccount`).
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { captchaRefusal } from '@/lib/captcha/refusal';
import { captchaOn, verifyCaptcha } from '@/lib/captcha/verify';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { captchaConfig, kickOutbox, runAfterResponse } from '@/lib/server/services';
import { budgetOf, budgetSpent, issueCode } from '@/lib/sms/codes';
import { smsIssueError } from '@/lib/sms/errors';
import { smsSendRequestSchema } from '@/lib/sms/validation';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const input = smsSendRequestSchema.parse(await readJson(req));
    const db = await getDb();
    const e = env();
    const cfg = captchaConfig();
    // Once SMS_STRICT_CAPTCHA_AT of the day's budget (the one this purpose draws on) is spent, every
    // send needs a passing captcha of at least SMS_STRICT_CAPTCHA_SCORE, outage or not: bots cannot
    // finish the budget off, people still get codes.
    const budget = budgetOf(input.purpose);
    const cap = budget === 'reset' ? e.SMS_RESET_DAILY_BUDGET : e.SMS_DAILY_BUDGET;
    const strict = captchaOn(cfg) && (await budgetSpent(db, budget)) >= e.SMS_STRICT_CAPTCHA_AT * cap;
    const captchaCfg = strict ? { ...cfg, minScore: Math.max(cfg.minScore, e.SMS_STRICT_CAPTCHA_SCORE) } : cfg;
    const captcha = await verifyCaptcha(db, captchaCfg, input, 'sms', ctx.ip);
    if (!captcha.ok && !captcha.outage) throw captchaRefusal(captcha);
    if (!captcha.ok && strict) {
      console.warn(`[captcha] verify unavailable (${captcha.reason}) while the SMS budget runs low; SMS send refused`);
      throw new ApiError(503, 'sms_unavailable', undefined, 60);
    }
    // Google unreachable: the per-IP, per-range, per-prefix and daily caps still bound what can be sent.
    if (!captcha.ok) console.warn(`[captcha] verify unavailable (${captcha.reason}); SMS send accepted`);
    const result = await issueCode(db, {
      phone: input.phone,
      purpose: input.purpose,
      ipHash: ctx.ipHash,
      rangeHash: ctx.rangeHash,
      locale: ctx.locale,
      dailyBudget: e.SMS_DAILY_BUDGET,
      resetBudget: e.SMS_RESET_DAILY_BUDGET,
      checkAccount: true,
    });
    if (!result.ok) throw smsIssueError(result);
    // Kicked either way (nothing queued for an unknown phone), so both answers take the same path.
    runAfterResponse(kickOutbox);
    return NextResponse.json(
      { sent: true, resendAfter: result.resendAfter, expiresIn: result.expiresIn },
      { status: 202, headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
