import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { audit } from '@/lib/audit/log';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { spendSignature } from '@/lib/rate-limit';
import { createStaffMember, enrolUrl } from './accounts';

/**
 * The first admin (`npm run admin:create`): a member with the `admin` scope and a single-use link
 * to set the password and enrol TOTP. Run again for an address not yet enrolled, it makes a new
 * link; an enrolled address is refused (409), so the command cannot take over an account.
 */
export async function bootstrapAdmin(db: Db, input: { email: string; name: string; locale: string }) {
  return transaction(db, async (tx) => {
    const { id, token } = await createStaffMember(tx, { email: input.email, name: input.name, scopes: ['admin'], locale: input.locale, invitedBy: null });
    await audit(tx, { kind: 'system', id: null, label: 'admin:create', ipHash: null }, { action: 'staff.bootstrap', entity: 'staff', entityId: id, after: { email: input.email, scopes: ['admin'] } });
    return { id, link: enrolUrl(input.locale, token) };
  });
}

/**
 * With the embedded database a second process must not open the data folder the server has open,
 * so the command asks the running server on the loopback interface, signing the request with the
 * install's secret (which only the server's user can read).
 */
export const bootstrapSignature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`staff-bootstrap\n${timestamp}\n${body}`).digest('base64url');

export function validBootstrapSignature(secret: string, timestamp: string | null, body: string, signature: string | null, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{10,13}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > 60_000) return false;
  const want = Buffer.from(bootstrapSignature(secret, timestamp, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** A bootstrap signature works once: a replay within its minute is refused (I5). */
export const spendBootstrapSignature = (db: Db, signature: string) => spendSignature(db, 'bootstrap', signature);
