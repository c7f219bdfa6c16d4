import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { open, seal } from '@/lib/crypto/secret-box';
import { matchTotp, newTotpSecret, totpUri } from '@/lib/crypto/totp';
import { companyUsers } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import { qrSvg } from '@/lib/qr';

const PURPOSE = 'company-totp';
const sealTotp = (secret: string) => seal(secret, appSecret(), PURPOSE);
const openTotp = (sealed: string) => open(sealed, appSecret(), PURPOSE);

/** A TOTP code of an HR person, accepted once (the step is recorded in the same statement). */
export async function passCompanyTotp(db: Db, user: { id: number; totpSecret: string | null; totpLastStep: number }, code: string, now = Date.now()) {
  if (!user.totpSecret) return false;
  const step = await matchTotp(openTotp(user.totpSecret), code.replace(/\s/g, ''), user.totpLastStep, now);
  if (step === null) return false;
  const taken = await db
    .update(companyUsers)
    .set({ totpLastStep: step })
    .where(and(eq(companyUsers.id, user.id), lt(companyUsers.totpLastStep, step)))
    .returning({ id: companyUsers.id });
  return taken.length === 1;
}

/** The security page's offer: a secret to scan (kept sealed until a code confirms it). */
export async function startTotp(db: Db, userId: number) {
  const [user] = await db.select().from(companyUsers).where(eq(companyUsers.id, userId)).limit(1);
  if (!user) throw new ApiError(404, 'not_found');
  let secret = user.pendingTotpSecret ? openTotp(user.pendingTotpSecret) : null;
  if (!secret) {
    secret = newTotpSecret();
    await db.update(companyUsers).set({ pendingTotpSecret: sealTotp(secret) }).where(eq(companyUsers.id, userId));
  }
  const uri = totpUri(user.email, secret);
  return { enrolled: !!user.totpSecret, secret, uri, qr: qrSvg(uri) };
}

/** The first code from the app proves the secret was scanned: from then on sign-in asks for the app's code. */
export async function confirmTotp(db: Db, actor: Actor, userId: number, code: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const [user] = await tx.select().from(companyUsers).where(eq(companyUsers.id, userId)).for('update').limit(1);
    if (!user?.pendingTotpSecret) throw new ApiError(409, 'company_totp_not_started');
    const step = await matchTotp(openTotp(user.pendingTotpSecret), code, 0, now.getTime());
    if (step === null) throw new ApiError(422, 'validation_failed', { code: 'totp_wrong' });
    await tx.update(companyUsers).set({ totpSecret: user.pendingTotpSecret, pendingTotpSecret: null, totpLastStep: step }).where(eq(companyUsers.id, userId));
    await audit(tx, actor, { action: 'company_user.totp_on', entity: 'company_user', entityId: userId });
    return { enrolled: true };
  });
}
