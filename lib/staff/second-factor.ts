import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { staff } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import { spendRecoveryCode } from './recovery';
import { open, seal } from '@/lib/crypto/secret-box';
import { matchTotp } from '@/lib/crypto/totp';

const PURPOSE = 'staff-totp';
export const sealTotp = (secret: string) => seal(secret, appSecret(), PURPOSE);
export const openTotp = (sealed: string) => open(sealed, appSecret(), PURPOSE);

/**
 * Checks a TOTP code (±1 step) or a recovery code for a member. A TOTP code is accepted only for a
 * step later than the last one accepted, and the step is recorded in the same statement, so a code
 * (or an earlier one) is refused the second time even when two requests race.
 */
export async function passSecondFactor(
  db: Db,
  member: { id: number; totpSecret: string | null; totpLastStep: number },
  code: string,
  now = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  const trimmed = code.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    if (!member.totpSecret) return null;
    const step = await matchTotp(openTotp(member.totpSecret), trimmed, member.totpLastStep, now);
    if (step === null) return null;
    const taken = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, member.id), lt(staff.totpLastStep, step)))
      .returning({ id: staff.id });
    return taken.length === 1 ? 'totp' : null;
  }
  return (await spendRecoveryCode(db, member.id, trimmed, new Date(now))) ? 'recovery' : null;
}
