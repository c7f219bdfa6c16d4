import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { staff, staffSessions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { Scope } from '@/lib/validations/staff-scopes';

/** A staff session ends after 30 idle minutes and 12 hours in all (issue: back office). */
export const STAFF_IDLE_S = 30 * 60;
export const STAFF_ABSOLUTE_S = 12 * 3600;
/** lastSeenAt is written at most this often: a busy page does not write on every call. */
const TOUCH_EVERY_S = 60;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  scopes: Scope[];
  locale: string;
  sessionId: number;
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function openStaffSession(db: Db, staffId: number, ipHash: string | null, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({ staffId, tokenHash: hash(token), ipHash, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The staff member behind a session token, or null: unknown, revoked, idle past 30 minutes, older
 * than 12 hours, or the account disabled (disabling also revokes, this is the second lock).
 */
export async function staffFromSession(db: Db, token: string | undefined, now = new Date()): Promise<StaffMember | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, hash(token)))
    .limit(1);
  if (!row || row.session.revokedAt || row.member.disabledAt || !row.member.enrolledAt) return null;
  const age = now.getTime() - row.session.createdAt.getTime();
  const idle = now.getTime() - row.session.lastSeenAt.getTime();
  if (age > STAFF_ABSOLUTE_S * 1000 || idle > STAFF_IDLE_S * 1000) {
    await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, row.session.id));
    return null;
  }
  if (idle > TOUCH_EVERY_S * 1000) await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.session.id));
  const m = row.member;
  return { id: m.id, email: m.email, name: m.name, scopes: m.scopes as Scope[], locale: m.locale, sessionId: row.session.id };
}

export async function endStaffSession(db: Db, token: string | undefined, now = new Date()): Promise<void> {
  if (!token || token.length > 100) return;
  await db.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.tokenHash, hash(token)), isNull(staffSessions.revokedAt)));
}

/** Every session of a member: disabling, a scope change or a new password end them at once. */
export async function endAllStaffSessions(db: Db, staffId: number, now = new Date()): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

/** Sessions older than a day are of no further use (retention). */
export async function pruneStaffSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(staffSessions).where(sql`${staffSessions.createdAt} < ${new Date(now.getTime() - 24 * 3600 * 1000)}`);
}
