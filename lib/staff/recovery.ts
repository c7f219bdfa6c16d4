import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { keyedHash } from '@/lib/crypto/tokens';
import { staffRecoveryCodes } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { tokenHash } from '@/lib/crypto/opaque-token';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read off paper without doubt

/** "xxxxx-xxxxx": about 49 bits each, and the sign-in limits allow five guesses per 15 minutes. */
export const RECOVERY_CODE_RE = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;

const normalize = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
/** Keyed with the application secret and the member (L6: an unkeyed hash of ~49 bits could be searched offline). */
const hash = (staffId: number, code: string) => keyedHash(`staff-recovery:${staffId}`, normalize(code));
/** Codes issued before the keyed hash: still spendable once, until the member makes a new set. */
const legacyHash = (code: string) => tokenHash(normalize(code), 'tilmen-recovery');

function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A new set of codes replaces any earlier one; the plain codes are returned once and never stored. */
export async function issueRecoveryCodes(db: Db, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, codeHash: hash(staffId, c) })));
  return codes;
}

/** Spends a recovery code: true once, and never again for the same code (atomic). */
export async function spendRecoveryCode(db: Db, staffId: number, code: string, now = new Date()): Promise<boolean> {
  if (!RECOVERY_CODE_RE.test(code.trim().toLowerCase())) return false;
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), inArray(staffRecoveryCodes.codeHash, [hash(staffId, code), legacyHash(code)]), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const rows = await db
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return rows.length;
}
