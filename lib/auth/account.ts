import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { RequestContext } from '@/lib/api/context';
import type { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enforceLimits } from '@/lib/rate-limit';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import { confirmEmail, queueEmailConfirmation } from './email';
import { openSession } from './http';
import { changePassword } from './password-change';

type User = typeof users.$inferSelect;

/** Adds or changes the account's e-mail: it counts once the mailed link is opened. 5 an hour per account. */
export async function changeAccountEmail(db: Db, user: User, email: string, caller: RequestContext): Promise<void> {
  await enforceLimits(db, [{ key: `email:change:${user.id}`, max: 5, windowSeconds: 3600 }]);
  await db.transaction((tx) => queueEmailConfirmation(tx as unknown as Db, { userId: user.id, email, locale: caller.locale }));
  runAfterResponse(kickOutbox);
}

/** Opens a mailed confirmation link → the address; 410 used or expired, 409 another account has it. */
export async function confirmAccountEmail(db: Db, token: string, caller: RequestContext): Promise<{ email: string }> {
  await enforceLimits(db, [{ key: `email:confirm:ip:${caller.ipHash}`, max: 30, windowSeconds: 600 }]);
  const result = await confirmEmail(db, token);
  if (!result.ok) throw result.reason === 'taken' ? new ApiError(409, 'email_taken') : new ApiError(410, 'email_confirm_invalid');
  return { email: result.email };
}

/**
 * Changes the password (the current one is needed, guesses are limited): every session ends, the
 * owner is told by SMS and e-mail, and this device gets a new session.
 */
export async function changeAccountPassword(db: Db, user: User, input: { current: string; password: string }, caller: RequestContext) {
  const result = await changePassword(db, user, { current: input.current, password: input.password, ipHash: caller.ipHash });
  if (!result.ok && result.reason === 'limited') throw new ApiError(429, 'rate_limited', undefined, result.retryAfter);
  if (!result.ok) throw new ApiError(422, 'wrong_current_password', { current: 'wrong_current_password' });
  runAfterResponse(kickOutbox);
  return openSession(db, user);
}
