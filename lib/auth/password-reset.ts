import 'server-only';
import { createTranslator } from 'use-intl/core';
import { ApiError } from '@/lib/api/errors';
import type { RequestContext } from '@/lib/api/context';
import type { Db } from '@/lib/db/types';
import { publicEnv } from '@/lib/public-env';
import { hit } from '@/lib/rate-limit';
import { absoluteUrl, localePath } from '@/lib/seo';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';
import { checkResetToken, confirmEmailReset, requestEmailReset, resetByPhone } from './reset';

/**
 * Mails a 30-minute single-use link when the address has an account. The caller answers the same
 * whether or not it has one, and when the address is over its own limit (3 an hour); 10 an hour per IP.
 */
export async function mailResetLink(db: Db, email: string, caller: RequestContext): Promise<void> {
  const limit = await hit(db, { key: `reset:ip:${caller.ipHash}`, max: 10, windowSeconds: 3600 });
  const perAddress = await hit(db, { key: `reset:email:${email}`, max: 3, windowSeconds: 3600 });
  if (!limit.allowed) throw new ApiError(429, 'rate_limited', undefined, limit.retryAfter);
  if (!perAddress.allowed) return;
  const t = createTranslator({ locale: caller.locale, messages: { ru, kk, en }[caller.locale], namespace: 'ResetMail' });
  await requestEmailReset(db, email, (token) => absoluteUrl(`${localePath(caller.locale, '/reset-password/hash')}?token=${token}`), {
    subject: t('subject'),
    body: (link) => t('body', { link, phone: publicEnv.NEXT_PUBLIC_SUPPORT_PHONE }),
  });
  runAfterResponse(kickOutbox);
}

/** Is this reset link still good? 410 when not. */
export async function checkResetLink(db: Db, token: string): Promise<void> {
  if (!(await checkResetToken(db, token))) throw new ApiError(410, 'reset_link_invalid');
}

/** Uses the link once: new password, every session revoked, the owner told; 410 when the link is used or expired. */
export async function resetPasswordByLink(db: Db, token: string, password: string): Promise<void> {
  if (!(await confirmEmailReset(db, token, password))) throw new ApiError(410, 'reset_link_invalid');
  runAfterResponse(kickOutbox); // the "password changed" notice
}

/** An SMS code (purpose reset) and a new password: the same answer for any phone. */
export async function resetPasswordBySms(db: Db, input: { phone: string; code: string; password: string }, caller: RequestContext): Promise<void> {
  const code = await verifyCode(db, { phone: input.phone, purpose: 'reset', code: input.code, ipHash: caller.ipHash });
  if (code.status !== 'ok') throw smsVerifyError(code);
  await resetByPhone(db, input.phone, input.password);
  runAfterResponse(kickOutbox); // the "password changed" notice
}
