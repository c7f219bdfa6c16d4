import { eq } from 'drizzle-orm';
import { rateLimits, securityEvents, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { hit } from '@/lib/rate-limit';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password';

export const LOGIN_LIMITS = { perAccount: 5, perIp: 30, windowSeconds: 15 * 60 };

export type LoginResult =
  | { ok: true; user: typeof users.$inferSelect }
  | { ok: false; reason: 'invalid' | 'limited' | 'captcha'; retryAfter?: number };

/** After this many failures on an account, a captcha is asked for too (when configured). */
export const CAPTCHA_AFTER_FAILURES = 2;

/**
 * Phone or e-mail and password. Unknown accounts and wrong passwords look the same (status, body,
 * time: a dummy hash is verified); failures count per account identifier and per IP; a success
 * clears the account's counter.
 */
export async function login(
  db: Db,
  input: { kind: 'phone' | 'email'; value: string; password: string; ipHash: string; captcha?: () => Promise<boolean> },
  now = new Date(),
): Promise<LoginResult> {
  const accountKey = `login:acct:${input.kind}:${input.value.toLowerCase()}`;
  const windowMs = LOGIN_LIMITS.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [acct] = await db.select().from(rateLimits).where(eq(rateLimits.key, accountKey)).limit(1);
  const ip = await hit(db, { key: `login:ip:${input.ipHash}`, max: LOGIN_LIMITS.perIp, windowSeconds: LOGIN_LIMITS.windowSeconds }, now);
  if (!ip.allowed) return { ok: false, reason: 'limited', retryAfter: ip.retryAfter };
  if (acct && acct.windowStart.getTime() === windowStart.getTime() && acct.count >= LOGIN_LIMITS.perAccount) {
    return { ok: false, reason: 'limited', retryAfter: Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000) };
  }
  const failures = acct && acct.windowStart.getTime() === windowStart.getTime() ? acct.count : 0;
  if (failures >= CAPTCHA_AFTER_FAILURES && input.captcha && !(await input.captcha())) return { ok: false, reason: 'captcha' };
  const [user] = await db
    .select()
    .from(users)
    .where(input.kind === 'phone' ? eq(users.phone, input.value) : eq(users.email, input.value.toLowerCase()))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !valid) {
    await hit(db, { key: accountKey, max: LOGIN_LIMITS.perAccount, windowSeconds: LOGIN_LIMITS.windowSeconds }, now);
    await db.insert(securityEvents).values({ type: 'login_failed', userId: user?.id ?? null, ipHash: input.ipHash });
    return { ok: false, reason: 'invalid' };
  }
  await db.delete(rateLimits).where(eq(rateLimits.key, accountKey));
  if (needsRehash(user.passwordHash)) {
    await db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
  }
  await db.insert(securityEvents).values({ type: 'login', userId: user.id, ipHash: input.ipHash });
  return { ok: true, user };
}

export function publicUser(u: typeof users.$inferSelect) {
  return {
    id: u.id,
    role: u.role,
    scope: u.scope,
    name: u.name,
    lastname: u.lastname,
    secondname: u.secondname,
    phone: u.phone,
    email: u.email,
    locale: u.locale,
  };
}
