import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { OFFICE_SESSION, plausibleToken, sessionPruneCutoff, sessionState } from '@/lib/auth/office-session';
import { staff, staffSessions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { Scope } from '@/lib/validations/staff-scopes';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

/** A staff session ends after 30 idle minutes and 12 hours in all (issue: back office; lib/auth/office-session.ts). */
export const STAFF_IDLE_S = OFFICE_SESSION.idleS;
export const STAFF_ABSOLUTE_S = OFFICE_SESSION.absoluteS;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  scopes: Scope[];
  locale: string;
  sessionId: number;
}


export async function openStaffSession(db: Db, staffId: number, ipHash: string | null, now = new Date()): Promise<string> {
  const token = opaqueToken();
  await db.insert(staffSessions).values({ staffId, tokenHash: tokenHash(token), ipHash, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The staff member behind a session token, or null: unknown, revoked, idle past 30 minutes, older
 * than 12 hours, or the account disabled (disabling also revokes, this is the second lock).
 */
export async function staffFromSession(db: Db, token: string | undefined, now = new Date()): Promise<StaffMember | null> {
  if (!plausibleToken(token)) return null;
  const [row] = await db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash(token)))
    .limit(1);
  if (!row || row.session.revokedAt || row.member.disabledAt || !row.member.enrolledAt) return null;
  const state = sessionState(row.session, now);
  if (state === 'expired') {
    await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, row.session.id));
    return null;
  }
  if (state === 'touch') await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.session.id));
  const m = row.member;
  return { id: m.id, email: m.email, name: m.name, scopes: m.scopes as Scope[], locale: m.locale, sessionId: row.session.id };
}

export async function endStaffSession(db: Db, token: string | undefined, now = new Date()): Promise<void> {
  if (!plausibleToken(token)) return;
  await db.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.tokenHash, tokenHash(token)), isNull(staffSessions.revokedAt)));
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
  await db.delete(staffSessions).where(sql`${staffSessions.createdAt} < ${sessionPruneCutoff(now)}`);
}
