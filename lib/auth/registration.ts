import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { RequestContext } from '@/lib/api/context';
import type { Db } from '@/lib/db/types';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import { openSession } from './http';
import { createAccount, type NewAccount } from './register';

type Registration = Omit<NewAccount, 'locale' | 'utmFirst' | 'utmLast' | 'ipHash'> & { code: string };

/**
 * A student or tutor account from the wizard (its captcha already passed): SMS code, account,
 * session. → the session, and the answer: {token} and the tutor application's status and review date.
 */
export async function registerAccount(db: Db, input: Registration, caller: RequestContext) {
  const code = await verifyCode(db, { phone: input.phone, purpose: 'register', code: input.code, ipHash: caller.ipHash });
  if (code.status !== 'ok') throw smsVerifyError(code);
  const created = await createAccount(db, { ...input, locale: caller.locale, utmFirst: caller.utmFirst, utmLast: caller.utmLast, ipHash: caller.ipHash });
  // The phone was just proven to be the caller's: saying it has an account reveals nothing new.
  if (!created.ok) throw new ApiError(409, 'account_exists');
  if (input.email) runAfterResponse(kickOutbox); // the confirmation link
  const session = await openSession(db, created.user);
  const { application } = created;
  const answer = { token: session.accessToken, ...(application ? { application: { status: application.status, reviewDueAt: application.reviewDueAt.toISOString() } } : {}) };
  return { session, answer };
}
