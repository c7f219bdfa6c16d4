import 'server-only';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import type { RequestContext } from '@/lib/api/context';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { createLead } from '@/lib/leads/create';
import { kickOutbox, runAfterResponse } from '@/lib/server/services';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import type { lessonRegistrationSchema } from '@/lib/validations/registration';
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

/** The short registration to enter a lesson: name and SMS-verified phone → the lesson's address. */
export async function registerForLesson(db: Db, input: z.output<typeof lessonRegistrationSchema>, caller: RequestContext) {
  const code = await verifyCode(db, { phone: input.phone, purpose: 'lesson', code: input.code, ipHash: caller.ipHash });
  if (code.status !== 'ok') throw smsVerifyError(code);
  // The visitor is a lead for the sales team too (kind `registration` in the leads list), with attribution.
  const lead = { kind: 'registration', name: input.name, phone: input.phone, page: '/stud-simple-reg', consent: input.consent } as const;
  await createLead(db, lead, { ...caller, staffEmail: env().STAFF_EMAIL });
  runAfterResponse(kickOutbox);
  return { lessonUrl: env().LESSON_URL };
}
