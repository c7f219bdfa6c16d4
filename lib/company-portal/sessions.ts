import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { companies, companySessions, companyUsers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/** An HR session ends after 30 idle minutes and 12 hours in all, as a staff one does. */
export const COMPANY_IDLE_S = 30 * 60;
export const COMPANY_ABSOLUTE_S = 12 * 3600;
const TOUCH_EVERY_S = 60;

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

const hash = (token: string) => createHash('sha256').update(`company-session:${token}`).digest('base64url');

export async function openCompanySession(db: Db, userId: number, ipHash: string | null, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(companySessions).values({ userId, tokenHash: hash(token), ipHash, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The HR person behind a session token, or null: unknown, revoked, idle past 30 minutes, older than
 * 12 hours, the person disabled or the company deactivated.
 */
export async function companyFromSession(db: Db, token: string | undefined, now = new Date()): Promise<CompanyMember | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ session: companySessions, user: companyUsers, company: companies })
    .from(companySessions)
    .innerJoin(companyUsers, eq(companyUsers.id, companySessions.userId))
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companySessions.tokenHash, hash(token)))
    .limit(1);
  if (!row || row.session.revokedAt || row.user.disabledAt || !row.user.passwordSetAt || !row.company.active) return null;
  const age = now.getTime() - row.session.createdAt.getTime();
  const idle = now.getTime() - row.session.lastSeenAt.getTime();
  if (age > COMPANY_ABSOLUTE_S * 1000 || idle > COMPANY_IDLE_S * 1000) {
    await db.update(companySessions).set({ revokedAt: now }).where(eq(companySessions.id, row.session.id));
    return null;
  }
  if (idle > TOUCH_EVERY_S * 1000) await db.update(companySessions).set({ lastSeenAt: now }).where(eq(companySessions.id, row.session.id));
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
  if (!token || token.length > 100) return;
  await db.update(companySessions).set({ revokedAt: now }).where(and(eq(companySessions.tokenHash, hash(token)), isNull(companySessions.revokedAt)));
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
  await db.delete(companySessions).where(sql`${companySessions.createdAt} < ${new Date(now.getTime() - 24 * 3600 * 1000)}`);
}
