import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { audit, type Actor } from '@/lib/audit/log';
import { REFRESH_ABSOLUTE_S, REFRESH_IDLE_S } from '@/lib/auth/tokens';
import { certificates, leads, refreshTokens, testAttempts, tutorApplications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

export interface AccountSession {
  /** The refresh-token family: one signed-in device or browser. No token leaves the server. */
  id: string;
  startedAt: Date;
  lastUsedAt: Date;
  state: 'active' | 'revoked' | 'expired';
  revokedAt: Date | null;
}

export interface AccountTest {
  id: number;
  kind: 'placement' | 'kazakh';
  status: 'active' | 'finished';
  level: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  annulledAt: Date | null;
  certificate: { id: number; number: string; revokedAt: Date | null } | null;
}

const LIST_LIMIT = 50;

/** The sessions of an account, one per family: when it began, its last refresh, and how it ended. */
export async function accountSessions(db: Db, userId: number, now = new Date()): Promise<AccountSession[]> {
  const rows = await db
    .select({
      familyId: refreshTokens.familyId,
      startedAt: sql<Date>`min(${refreshTokens.familyCreatedAt})`.mapWith(refreshTokens.familyCreatedAt),
      lastUsedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      live: sql<number>`count(*) filter (where ${refreshTokens.revokedAt} is null and ${refreshTokens.usedAt} is null)::int`,
      revokedAt: sql<Date | null>`max(${refreshTokens.revokedAt})`.mapWith(refreshTokens.revokedAt),
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .orderBy(desc(sql`max(${refreshTokens.createdAt})`))
    .limit(LIST_LIMIT);
  return rows.map((r) => {
    const expired = now.getTime() - r.startedAt.getTime() > REFRESH_ABSOLUTE_S * 1000 || now.getTime() - r.lastUsedAt.getTime() > REFRESH_IDLE_S * 1000;
    const state = r.live > 0 && !expired ? 'active' : r.revokedAt ? 'revoked' : 'expired';
    return { id: r.familyId.slice(0, 8), startedAt: r.startedAt, lastUsedAt: r.lastUsedAt, state, revokedAt: state === 'revoked' ? r.revokedAt : null };
  });
}

/**
 * One account as the back office sees it: the profile (the whole phone), the leads sent from the
 * same phone, the tests taken while signed in, the sessions and, for a tutor, the application.
 * Opening it is a view of personal data: the audit log gets an `account.view` row.
 */
export async function accountDetail(db: Db, actor: Actor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) return null;
  const [leadRows, testRows, sessions, [application]] = await Promise.all([
    db
      .select({ id: leads.id, kind: leads.kind, status: leads.status, plan: leads.plan, promoCode: leads.promoCode, promoApplied: leads.promoApplied, page: leads.page, createdAt: leads.createdAt })
      .from(leads)
      .where(eq(leads.phone, user.phone))
      .orderBy(desc(leads.createdAt))
      .limit(LIST_LIMIT),
    db
      .select({ attempt: testAttempts, certificate: { id: certificates.id, number: certificates.number, revokedAt: certificates.revokedAt, level: certificates.level } })
      .from(testAttempts)
      .leftJoin(certificates, eq(certificates.attemptId, testAttempts.id))
      .where(eq(testAttempts.userId, id))
      .orderBy(desc(testAttempts.createdAt))
      .limit(LIST_LIMIT),
    accountSessions(db, id),
    user.role === 'tutor'
      ? db
          .select({ status: tutorApplications.status, submittedAt: tutorApplications.submittedAt, reviewDueAt: tutorApplications.reviewDueAt, decidedAt: tutorApplications.decidedAt, round: tutorApplications.round })
          .from(tutorApplications)
          .where(eq(tutorApplications.userId, id))
          .limit(1)
      : Promise.resolve([]),
  ]);
  await audit(db, actor, { action: 'account.view', entity: 'user', entityId: id });
  const tests: AccountTest[] = testRows.map(({ attempt: a, certificate: c }) => ({
    id: a.id,
    kind: a.kind,
    status: a.status,
    level: c?.level ?? (a.kind === 'placement' ? (a.result?.levelName ?? null) : null),
    createdAt: a.createdAt,
    finishedAt: a.finishedAt,
    annulledAt: a.annulledAt,
    certificate: c ? { id: c.id, number: c.number, revokedAt: c.revokedAt } : null,
  }));
  return {
    profile: {
      id: user.id,
      role: user.role,
      name: user.name,
      lastname: user.lastname,
      secondname: user.secondname,
      phone: user.phone,
      email: user.email,
      locale: user.locale,
      scope: user.scope,
      subject: user.subject,
      teachingLanguage: user.teachingLanguage,
      utmFirst: user.utmFirst,
      utmLast: user.utmLast,
      createdAt: user.createdAt,
      blockedAt: user.blockedAt,
      blockReason: user.blockReason,
    },
    leads: leadRows,
    tests,
    sessions,
    application: application ?? null,
  };
}

export type AccountDetail = NonNullable<Awaited<ReturnType<typeof accountDetail>>>;
