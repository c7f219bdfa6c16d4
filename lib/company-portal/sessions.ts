import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { OFFICE_SESSION, plausibleToken, sessionPruneCutoff, sessionState } from '@/lib/auth/office-session';
import { companies, companySessions, companyUsers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

/** An HR session ends after 30 idle minutes and 12 hours in all, as a staff one does (lib/auth/office-session.ts). */
export const COMPANY_IDLE_S = OFFICE_SESSION.idleS;
export const COMPANY_ABSOLUTE_S = OFFICE_SESSION.absoluteS;

/** The signed-in HR person. `companyId` comes from here only, never from a URL or a body. */
export interface CompanyMember {
  userId: number;
  companyId: number;
  companyName: string;
  /** `company:{companyId}` (design.md "Roles and scopes"). */
  scope: `company:${number}`;
  email: string;
  name: string;
  locale: string;
  totp: boolean;
  sessionId: number;
}


export async function openCompanySession(db: Db, userId: number, ipHash: string | null, now = new Date()): Promise<string> {
  const token = opaqueToken();
  await db.insert(companySessions).values({ userId, tokenHash: tokenHash(token, 'company-session'), ipHash, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The HR person behind a session token, or null: unknown, revoked, idle past 30 minutes, older than
 * 12 hours, the person disabled or the company deactivated.
 */
export async function companyFromSession(db: Db, token: string | undefined, now = new Date()): Promise<CompanyMember | null> {
  if (!plausibleToken(token)) return null;
  const [row] = await db
    .select({ session: companySessions, user: companyUsers, company: companies })
    .from(companySessions)
    .innerJoin(companyUsers, eq(companyUsers.id, companySessions.userId))
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companySessions.tokenHash, tokenHash(token, 'company-session')))
    .limit(1);
  if (!row || row.session.revokedAt || row.user.disabledAt || !row.user.passwordSetAt || !row.company.active) return null;
  const state = sessionState(row.session, now);
  if (state === 'expired') {
    await db.update(companySessions).set({ revokedAt: now }).where(eq(companySessions.id, row.session.id));
    return null;
  }
  if (state === 'touch') await db.update(companySessions).set({ lastSeenAt: now }).where(eq(companySessions.id, row.session.id));
  const u = row.user;
  return {
    userId: u.id,
    companyId: u.companyId,
    companyName: row.company.name,
    scope: `company:${u.companyId}`,
    email: u.email,
    name: u.name,
    locale: u.locale,
    totp: !!u.totpSecret,
    sessionId: row.session.id,
  };
}

export async function endCompanySession(db: Db, token: string | undefined, now = new Date()): Promise<void> {
  if (!plausibleToken(token)) return;
  await db.update(companySessions).set({ revokedAt: now }).where(and(eq(companySessions.tokenHash, tokenHash(token, 'company-session')), isNull(companySessions.revokedAt)));
}

/** Every session of an HR person: disabling and a new password end them at once. */
export async function endAllCompanySessions(db: Db, userId: number, now = new Date()): Promise<number> {
  const rows = await db
    .update(companySessions)
    .set({ revokedAt: now })
    .where(and(eq(companySessions.userId, userId), isNull(companySessions.revokedAt)))
    .returning({ id: companySessions.id });
  return rows.length;
}

/** Sessions older than a day are of no further use (retention). */
export async function pruneCompanySessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(companySessions).where(sql`${companySessions.createdAt} < ${sessionPruneCutoff(now)}`);
}
