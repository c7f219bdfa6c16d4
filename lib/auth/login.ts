import 'server-only';
import { eq } from 'drizzle-orm';
import { rateLimits, securityEvents, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { hit, unhit, type Limit } from '@/lib/rate-limit';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password';

export const LOGIN_LIMITS = { perAccount: 5, perDevice: 5, perIp: 30, perRange: 100, windowSeconds: 15 * 60 };

export type LoginResult =
  | { ok: true; user: typeof users.$inferSelect }
  | { ok: false; reason: 'invalid' | 'limited' | 'captcha' | 'blocked'; retryAfter?: number };

/** After this many failures on an account, a captcha is asked for too (when configured). */
export const CAPTCHA_AFTER_FAILURES = 2;

/**
 * The bucket a login attempt counts in. One account is one bucket whatever identifier names it
 * (phone, e-mail in any case); a browser that once signed in to it (device cookie) has a bucket of
 * its own, so someone guessing from elsewhere cannot lock the owner out. Unknown identifiers count
 * per identifier, so they lock exactly like real accounts and a later registration is not blocked.
 */
function bucketOf(user: { id: number } | undefined, identifier: string, deviceOf: (userId: number) => string | null): Limit {
  const windowSeconds = LOGIN_LIMITS.windowSeconds;
  if (!user) return { key: `login:acct:id:${identifier}`, max: LOGIN_LIMITS.perAccount, windowSeconds };
  const device = deviceOf(user.id);
  if (device) return { key: `login:dev:${user.id}:${device}`, max: LOGIN_LIMITS.perDevice, windowSeconds };
  return { key: `login:acct:${user.id}`, max: LOGIN_LIMITS.perAccount, windowSeconds };
}

/**
 * Phone or e-mail and password. Unknown accounts and wrong passwords look the same (status, body,
 * time: a dummy hash is verified). Every attempt is counted atomically BEFORE the password is
 * checked, so parallel guesses cannot slip past the limit; a success clears its bucket.
 */
export async function login(
  db: Db,
  input: {
    kind: 'phone' | 'email';
    value: string;
    password: string;
    ipHash: string;
    rangeHash?: string;
    /** The device id of this browser's device cookie for a user, when it carries a genuine one. */
    deviceOf?: (userId: number) => string | null;
    captcha?: () => Promise<boolean>;
  },
  now = new Date(),
): Promise<LoginResult> {
  const windowSeconds = LOGIN_LIMITS.windowSeconds;
  const network = [
    { key: `login:ip:${input.ipHash}`, max: LOGIN_LIMITS.perIp, windowSeconds },
    ...(input.rangeHash ? [{ key: `login:range:${input.rangeHash}`, max: LOGIN_LIMITS.perRange, windowSeconds }] : []),
  ];
  for (const limit of network) {
    const r = await hit(db, limit, now);
    if (!r.allowed) return { ok: false, reason: 'limited', retryAfter: r.retryAfter };
  }
  const identifier = `${input.kind}:${input.value.toLowerCase()}`;
  const [user] = await db
    .select()
    .from(users)
    .where(input.kind === 'phone' ? eq(users.phone, input.value) : eq(users.email, input.value.toLowerCase()))
    .limit(1);
  const bucket = bucketOf(user, identifier, input.deviceOf ?? (() => null));
  const counted = await hit(db, bucket, now);
  if (!counted.allowed) return { ok: false, reason: 'limited', retryAfter: counted.retryAfter };
  const failuresBefore = (counted.count ?? 1) - 1;
  if (failuresBefore >= CAPTCHA_AFTER_FAILURES && input.captcha && !(await input.captcha())) {
    // Asking for the captcha is not a guess: the attempt is taken back.
    await unhit(db, bucket, now);
    return { ok: false, reason: 'captcha' };
  }
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !valid) {
    await db.insert(securityEvents).values({ type: 'login_failed', userId: user?.id ?? null, ipHash: input.ipHash });
    return { ok: false, reason: 'invalid' };
  }
  await db.delete(rateLimits).where(eq(rateLimits.key, bucket.key));
  // Blocked by the school: said only to someone who knows the password (no account probing).
  if (user.blockedAt) {
    await db.insert(securityEvents).values({ type: 'login_blocked', userId: user.id, ipHash: input.ipHash });
    return { ok: false, reason: 'blocked' };
  }
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
