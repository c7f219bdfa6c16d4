import 'server-only';
import { eq } from 'drizzle-orm';
import { rateLimits, securityEvents, staff } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { dummyHash, verifyPassword } from '@/lib/auth/password';
import { LOGIN_LIMITS } from '@/lib/auth/login';
import { hit } from '@/lib/rate-limit';
import { passSecondFactor } from './second-factor';

export type StaffSignInResult =
  | { ok: true; staffId: number; via: 'totp' | 'recovery' }
  | { ok: false; reason: 'invalid' | 'limited' | 'disabled'; retryAfter?: number };

/**
 * E-mail, password and a second factor (TOTP or a recovery code). The same limits as a student's
 * sign-in (per account, per address, per network range), counted before anything is checked. A
 * wrong password and a wrong code answer alike; a disabled account is said to be so only to
 * someone who knew both factors.
 */
export async function staffSignIn(
  db: Db,
  input: {
    email: string;
    password: string;
    code: string;
    ipHash: string;
    rangeHash?: string;
    /** The device id of this browser's staff device cookie for a member, when it carries a genuine one. */
    deviceOf?: (staffId: number) => string | null;
  },
  now = new Date(),
): Promise<StaffSignInResult> {
  const windowSeconds = LOGIN_LIMITS.windowSeconds;
  const email = input.email.trim().toLowerCase();
  const [member] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  // A browser that signed in to this member before counts its failures in a bucket of its own, so
  // guesses from elsewhere (the shared account bucket) never lock the owner out (M1).
  const device = member && input.deviceOf ? input.deviceOf(member.id) : null;
  const accountKey = device ? `staff-login:dev:${member!.id}:${device}` : `staff-login:acct:${email}`;
  const limits = [
    { key: `staff-login:ip:${input.ipHash}`, max: LOGIN_LIMITS.perIp, windowSeconds },
    ...(input.rangeHash ? [{ key: `staff-login:range:${input.rangeHash}`, max: LOGIN_LIMITS.perRange, windowSeconds }] : []),
    { key: accountKey, max: device ? LOGIN_LIMITS.perDevice : LOGIN_LIMITS.perAccount, windowSeconds },
  ];
  for (const limit of limits) {
    const r = await hit(db, limit, now);
    if (!r.allowed) return { ok: false, reason: 'limited', retryAfter: r.retryAfter };
  }
  const passwordOk = await verifyPassword(member?.passwordHash ?? (await dummyHash()), input.password);
  const via = member && passwordOk && member.enrolledAt ? await passSecondFactor(db, member, input.code, now.getTime()) : null;
  if (!member || !via) {
    await db.insert(securityEvents).values({ type: 'staff_login_failed', userId: member?.id ?? null, ipHash: input.ipHash, detail: { staff: true } });
    return { ok: false, reason: 'invalid' };
  }
  if (member.disabledAt) return { ok: false, reason: 'disabled' };
  await db.delete(rateLimits).where(eq(rateLimits.key, accountKey));
  await db.insert(securityEvents).values({ type: 'staff_login', userId: member.id, ipHash: input.ipHash, detail: { staff: true, via } });
  return { ok: true, staffId: member.id, via };
}
