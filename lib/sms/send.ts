import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { RequestContext } from '@/lib/api/context';
import { captchaEnabled, passCaptcha } from '@/lib/captcha/policy';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import { budgetOf, budgetSpent, issueCode } from './codes';
import { smsIssueError } from './errors';
import type { SmsSendRequest } from './validation';

/**
 * Sends a one-time code by SMS. The same answer whether or not an account exists for the phone: a
 * reset for a phone without an account sends nothing but is answered, limited and timed like a
 * real send (codes.ts, `checkAccount`).
 *
 * Once SMS_STRICT_CAPTCHA_AT of the day's budget (the one this purpose draws on) is spent, every
 * send needs a passing captcha of at least SMS_STRICT_CAPTCHA_SCORE, outage or not: bots cannot
 * finish the budget off, people still get codes. Before that, when Google is unreachable, the
 * per-IP, per-range, per-prefix and daily caps still bound what can be sent.
 */
export async function sendCode(db: Db, input: SmsSendRequest, caller: RequestContext) {
  const e = env();
  const budget = budgetOf(input.purpose);
  const cap = budget === 'reset' ? e.SMS_RESET_DAILY_BUDGET : e.SMS_DAILY_BUDGET;
  const strict = captchaEnabled() && (await budgetSpent(db, budget)) >= e.SMS_STRICT_CAPTCHA_AT * cap;
  await passCaptcha(db, input, 'sms', caller.ip, {
    label: 'SMS send',
    ...(strict ? { minScore: e.SMS_STRICT_CAPTCHA_SCORE, outage: new ApiError(503, 'sms_unavailable', undefined, 60) } : {}),
  });
  const result = await issueCode(db, {
    phone: input.phone,
    purpose: input.purpose,
    ipHash: caller.ipHash,
    rangeHash: caller.rangeHash,
    locale: caller.locale,
    dailyBudget: e.SMS_DAILY_BUDGET,
    resetBudget: e.SMS_RESET_DAILY_BUDGET,
    checkAccount: true,
  });
  if (!result.ok) throw smsIssueError(result);
  // Kicked either way (nothing queued for an unknown phone), so both answers take the same path.
  runAfterResponse(kickOutbox);
  return { sent: true, resendAfter: result.resendAfter, expiresIn: result.expiresIn };
}
