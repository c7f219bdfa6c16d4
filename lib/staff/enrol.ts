import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit } from '@/lib/audit/log';
import { hashPassword } from '@/lib/auth/password';
import { staff, staffLinks } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { qrSvg } from '@/lib/qr';
import { hashLinkToken } from './accounts';
import { issueRecoveryCodes } from './recovery';
import { openTotp, sealTotp } from './second-factor';
import { endAllStaffSessions, openStaffSession } from './sessions';
import { matchTotp, newTotpSecret, totpUri } from '@/lib/crypto/totp';

async function liveLink(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ link: staffLinks, member: staff })
    .from(staffLinks)
    .innerJoin(staff, eq(staff.id, staffLinks.staffId))
    .where(and(eq(staffLinks.tokenHash, hashLinkToken(token)), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now)))
    .limit(1);
  if (!row || row.member.disabledAt) throw new ApiError(410, 'staff_link_invalid');
  return row;
}

/**
 * The enrolment page's data: who is enrolling and the TOTP secret to scan (a QR code of the
 * otpauth URI, and the secret typed by hand). The secret is made on the first opening and kept,
 * sealed, on the link, so reloading the page shows the same one.
 */
export async function openEnrolment(db: Db, token: string, now = new Date()) {
  const { link, member } = await liveLink(db, token, now);
  let secret = link.pendingTotpSecret ? openTotp(link.pendingTotpSecret) : null;
  if (!secret) {
    secret = newTotpSecret();
    await db.update(staffLinks).set({ pendingTotpSecret: sealTotp(secret) }).where(eq(staffLinks.id, link.id));
  }
  const uri = totpUri(member.email, secret);
  return { email: member.email, name: member.name, secret, uri, qr: qrSvg(uri) };
}

/**
 * Sets the password and the second factor in one step: the code from the authenticator proves the
 * secret was scanned. The link is spent, earlier sessions end, and ten recovery codes are returned
 * once. Opens a session for the new member.
 */
export async function finishEnrolment(db: Db, input: { token: string; password: string; code: string; ipHash: string }, now = new Date()) {
  return transaction(db, async (tx) => {
    const { link, member } = await liveLink(tx, input.token, now);
    if (!link.pendingTotpSecret) throw new ApiError(410, 'staff_link_invalid');
    const secret = openTotp(link.pendingTotpSecret);
    const step = await matchTotp(secret, input.code, 0, now.getTime());
    if (step === null) throw new ApiError(422, 'validation_failed', { code: 'totp_wrong' });
    const spent = await tx
      .update(staffLinks)
      .set({ usedAt: now })
      .where(and(eq(staffLinks.id, link.id), isNull(staffLinks.usedAt)))
      .returning({ id: staffLinks.id });
    if (spent.length !== 1) throw new ApiError(410, 'staff_link_invalid');
    await tx
      .update(staff)
      .set({ passwordHash: await hashPassword(input.password), totpSecret: link.pendingTotpSecret, totpLastStep: step, enrolledAt: now })
      .where(eq(staff.id, member.id));
    await endAllStaffSessions(tx, member.id, now);
    const recoveryCodes = await issueRecoveryCodes(tx, member.id);
    const session = await openStaffSession(tx, member.id, input.ipHash, now);
    await audit(tx, { kind: 'staff', id: member.id, label: member.email, ipHash: input.ipHash }, { action: 'staff.enrol', entity: 'staff', entityId: member.id });
    return { staffId: member.id, recoveryCodes, session };
  });
}
