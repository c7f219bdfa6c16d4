import 'server-only';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { likeEscape } from '@/lib/db/like';
import { certificates, companies, kazakhTestTakers, testAttempts } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { auditListView, type Actor } from '@/lib/audit/log';
import { maskIin } from '@/lib/mask';
import { BELOW_A1 } from '@/lib/quiz/attempts';
import type { TestsQuery } from '@/lib/validations/test-records';

export interface TakerRow {
  takerId: number;
  attemptId: number;
  name: string;
  /** "•••• •••• 1234": the last four digits are all that is stored. */
  iin: string;
  workerCode: string;
  company: { id: number; name: string } | null;
  status: 'active' | 'finished';
  /** The certificate's level, or for a sitting without one: null (not finished or not determined). */
  level: string | null;
  /** False: too few answers for a level (flag few_answers). */
  determined: boolean | null;
  flags: string[];
  startedAt: Date;
  finishedAt: Date | null;
  annulledAt: Date | null;
  annulReason: string | null;
  certificate: { id: number; number: string; revokedAt: Date | null; revokeReason: string | null } | null;
}

function testsWhere(f: TestsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (f.company === 'none') where.push(isNull(kazakhTestTakers.companyId));
  else if (f.company) where.push(eq(kazakhTestTakers.companyId, f.company));
  if (f.level === 'none') where.push(isNull(certificates.id));
  else if (f.level) where.push(eq(certificates.level, f.level));
  if (f.annulled === 'yes') where.push(isNotNull(testAttempts.annulledAt));
  if (f.annulled === 'no') where.push(isNull(testAttempts.annulledAt));
  if (f.certificate === 'issued') where.push(and(isNotNull(certificates.id), isNull(certificates.revokedAt))!);
  if (f.certificate === 'revoked') where.push(isNotNull(certificates.revokedAt));
  if (f.certificate === 'none') where.push(isNull(certificates.id));
  if (f.from) where.push(gte(kazakhTestTakers.createdAt, f.from));
  if (f.to) where.push(lt(kazakhTestTakers.createdAt, f.to));
  if (f.q) {
    for (const word of f.q.split(/\s+/).filter(Boolean).slice(0, 4)) {
      const like = `%${likeEscape(word)}%`;
      const ors = [ilike(kazakhTestTakers.firstName, like), ilike(kazakhTestTakers.lastName, like), ilike(kazakhTestTakers.workerCode, like), ilike(certificates.number, like)];
      if (/^\d{4}$/.test(word)) ors.push(eq(kazakhTestTakers.iinLast4, word));
      where.push(or(...ors)!);
    }
  }
  return where.length ? and(...where) : undefined;
}

/** Kazakh test takers with their sitting and certificate, newest first, per company or overall. */
export async function listTakers(db: Db, f: TestsQuery) {
  const cond = testsWhere(f);
  const base = () =>
    db
      .select({
        taker: kazakhTestTakers,
        attempt: {
          id: testAttempts.id,
          status: testAttempts.status,
          result: testAttempts.result,
          flags: testAttempts.flags,
          createdAt: testAttempts.createdAt,
          finishedAt: testAttempts.finishedAt,
          annulledAt: testAttempts.annulledAt,
          annulReason: testAttempts.annulReason,
        },
        certificate: { id: certificates.id, number: certificates.number, level: certificates.level, revokedAt: certificates.revokedAt, revokeReason: certificates.revokeReason },
        companyName: companies.name,
      })
      .from(kazakhTestTakers)
      .innerJoin(testAttempts, eq(testAttempts.id, kazakhTestTakers.attemptId))
      .leftJoin(certificates, eq(certificates.attemptId, testAttempts.id))
      .leftJoin(companies, eq(companies.id, kazakhTestTakers.companyId));
  const [rows, [count]] = await Promise.all([
    base()
      .where(cond)
      .orderBy(desc(kazakhTestTakers.createdAt), desc(kazakhTestTakers.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(kazakhTestTakers)
      .innerJoin(testAttempts, eq(testAttempts.id, kazakhTestTakers.attemptId))
      .leftJoin(certificates, eq(certificates.attemptId, testAttempts.id))
      .where(cond),
  ]);
  const out: TakerRow[] = rows.map(({ taker: t, attempt: a, certificate: c, companyName }) => {
    const determined = a.result ? a.result.determined !== false : null;
    const level = c?.level ?? (a.result && determined ? (a.result.levelReached ? a.result.cefr : BELOW_A1.level) : null);
    return {
      takerId: t.id,
      attemptId: a.id,
      name: `${t.lastName} ${t.firstName}`,
      iin: maskIin(t.iinLast4),
      workerCode: t.workerCode,
      company: t.companyId && companyName ? { id: t.companyId, name: companyName } : null,
      status: a.status,
      level,
      determined,
      flags: a.flags,
      startedAt: a.createdAt,
      finishedAt: a.finishedAt,
      annulledAt: a.annulledAt,
      annulReason: a.annulReason,
      certificate: c ? { id: c.id, number: c.number, revokedAt: c.revokedAt, revokeReason: c.revokeReason } : null,
    };
  });
  return { rows: out, total: count?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

/** The takers as staff see them (names, masked IINs, levels): one `attempt.list` audit row. */
export async function viewTakers(db: Db, actor: Actor, f: TestsQuery) {
  const list = await listTakers(db, f);
  await auditListView(db, actor, { action: 'attempt.list', entity: 'attempt', filter: f, total: list.total });
  return list;
}
