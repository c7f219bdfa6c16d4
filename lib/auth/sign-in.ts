import 'server-only';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import type { RequestContext } from '@/lib/api/context';
import { captchaOnDemand } from '@/lib/captcha/policy';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import type { loginSchema } from '@/lib/validations/auth';
import { deviceFor } from './device';
import { openSession } from './http';
import { login } from './login';

/**
 * Phone or e-mail and password → a new session. The captcha is asked for after failures (the form
 * runs it and sends the login again with its token); a token that was sent and scored too low earns
 * the checkbox, not another "captcha required". `newDevice`: the browser has no genuine device
 * cookie for this user yet (the caller sets one).
 */
export async function signIn(db: Db, input: z.output<typeof loginSchema>, caller: RequestContext, deviceCookie: string | undefined) {
  const captcha = captchaOnDemand(db, input, 'login', caller.ip);
  const result = await login(db, {
    ...input.login,
    password: input.password,
    ipHash: caller.ipHash,
    rangeHash: caller.rangeHash,
    deviceOf: (userId) => deviceFor(deviceCookie, userId, appSecret()),
    captcha: captcha.check,
  });
  if (!result.ok) {
    if (result.reason === 'limited') throw new ApiError(429, 'rate_limited', undefined, result.retryAfter);
    if (result.reason === 'captcha') throw captcha.refusal() ?? new ApiError(400, 'captcha_required');
    if (result.reason === 'blocked') throw new ApiError(403, 'account_blocked');
    throw new ApiError(401, 'invalid_credentials');
  }
  const session = await openSession(db, result.user);
  return { user: result.user, session, newDevice: !deviceFor(deviceCookie, result.user.id, appSecret()) };
}
