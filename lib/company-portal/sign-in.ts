import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { dummyHash, verifyPassword } from '@/lib/auth/password';
import { LOGIN_LIMITS } from '@/lib/auth/login';
import { rateLimits, securityEvents } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { Locale } from '@/i18n/routing';
import { maskPhone } from '@/lib/mask';
import { hit } from '@/lib/rate-limit';
import { issueCode, verifyCode } from '@/lib/sms/codes';
import { smsIssueError } from '@/lib/sms/errors';
import { hrUserByEmail } from './accounts';
import { passCompanyTotp } from './second-factor';

export type CompanySignInResult =
  | { step: 'code'; via: 'sms' | 'totp'; phone?: string; resendAfter?: number }
  | { step: 'done'; userId: number; via: 'sms' | 'totp' };

export interface CompanySignInInput {
  email: string;
  password: string;
  /** Absent: the password is checked and the second step is asked for (an SMS is sent). */
  code?: string;
  /** `sms` asks for an SMS code even when an authenticator app is enrolled. */
  method?: 'sms' | 'totp';
  ipHash: string;
  rangeHash?: string;
  locale: Locale;
  /** The device id of this browser's HR device cookie for a user, when it carries a genuine one. */
  deviceOf?: (userId: number) => string | null;
}

/**
 * Two steps on one call. Without `code`: the password is checked (the limits counted first) and,
 * for SMS, a code is sent to the HR person's phone, so nobody can make the school text anyone
 * without the password. With `code`: password and code are checked together and the caller opens
 * the session. Unknown e-mails and wrong passwords answer alike (a dummy hash is verified).
 */
export async function companySignIn(db: Db, input: CompanySignInInput, now = new Date()): Promise<CompanySignInResult> {
  const windowSeconds = LOGIN_LIMITS.windowSeconds;
  const email = input.email.trim().toLowerCase();
  const row = await hrUserByEmail(db, email);
  const user = row?.user;
  // A browser that signed in to this HR person before counts its failures in a bucket of its own;
  // any other counts them per account AND network (the caller's address range): an outsider's
  // wrong passwords from other addresses never lock the owner out, even on a new device (M1, the
  // penetration test's probe: 11 guesses from 11 addresses, then the owner's right password was a
  // 429). Guessing across many networks is bounded by the per-address and per-range limits, and a
  // right password only leads to the second factor (SMS or authenticator) the guesser cannot pass.
  const device = user && input.deviceOf ? input.deviceOf(user.id) : null;
  const accountKey = device ? `company-login:dev:${user!.id}:${device}` : `company-login:acct:${email}:net:${input.rangeHash ?? input.ipHash}`;
  const limits = [
    { key: `company-login:ip:${input.ipHash}`, max: LOGIN_LIMITS.perIp, windowSeconds },
    ...(input.rangeHash ? [{ key: `company-login:range:${input.rangeHash}`, max: LOGIN_LIMITS.perRange, windowSeconds }] : []),
    // Each sign-in is two calls: twice a student's allowance.
    { key: accountKey, max: (device ? LOGIN_LIMITS.perDevice : LOGIN_LIMITS.perAccount) * 2, windowSeconds },
  ];
  for (const limit of limits) {
    const r = await hit(db, limit, now);
    if (!r.allowed) throw new ApiError(429, 'rate_limited', undefined, r.retryAfter);
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !passwordOk || !user.passwordSetAt) {
    await db.insert(securityEvents).values({ type: 'company_login_failed', userId: user?.id ?? null, ipHash: input.ipHash, detail: { company: true } });
    throw new ApiError(401, 'invalid_credentials');
  }
  if (user.disabledAt || !row.active) throw new ApiError(403, 'company_user_disabled');
  const via = user.totpSecret && input.method !== 'sms' ? 'totp' : 'sms';

  if (!input.code) {
    if (via === 'totp') return { step: 'code', via };
    const sent = await issueCode(db, { phone: user.phone, purpose: 'company_login', ipHash: input.ipHash, rangeHash: input.rangeHash ?? null, locale: input.locale, now });
    if (!sent.ok) throw smsIssueError(sent, 'code');
    return { step: 'code', via, phone: maskPhone(user.phone), resendAfter: sent.resendAfter };
  }

  const ok =
    via === 'totp'
      ? await passCompanyTotp(db, user, input.code, now.getTime())
      : (await verifyCode(db, { phone: user.phone, purpose: 'company_login', code: input.code, ipHash: input.ipHash, now })).status === 'ok';
  if (!ok) {
    await db.insert(securityEvents).values({ type: 'company_login_failed', userId: user.id, ipHash: input.ipHash, detail: { company: true, step: 'code' } });
    throw new ApiError(401, 'invalid_credentials', { code: via === 'totp' ? 'totp_wrong' : 'sms_code_wrong' });
  }
  await db.delete(rateLimits).where(eq(rateLimits.key, accountKey));
  await db.insert(securityEvents).values({ type: 'company_login', userId: user.id, ipHash: input.ipHash, detail: { company: true, via } });
  return { step: 'done', userId: user.id, via };
}
