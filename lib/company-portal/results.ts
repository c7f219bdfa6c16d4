import 'server-only';
import { and, asc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { audit, type Actor } from '@/lib/audit/log';
import { likeEscape } from '@/lib/db/like';
import { certificates, companyEmployees, companyInvitations, kazakhTestTakers, testAttempts, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { maskIin } from '@/lib/mask';
import type { ResultsQuery, ResultStatus } from '@/lib/validations/company-results';

/** Levels a Kazakh certificate states, in order; A0 is "below A1". */
export const RESULT_LEVELS = ['A0', 'A1', 'A2', 'B1', 'B2', 'C1'] as const;

export type ResultsFilter = Omit<ResultsQuery, 'page' | 'pageSize'>;

/**
 * The roster joined to the company's Kazakh test: an employee's sitting is the live (not annulled)
 * taker row with the same IIN hash taken through this company's link; a sitting through the public
 * link or another company's stays private to the person. The certificate is that sitting's.
 */
const status = sql<ResultStatus>`case when ${testAttempts.id} is null then 'not_started' when ${testAttempts.status} = 'finished' then 'finished' else 'started' end`;
const testDate = sql<Date | null>`coalesce(${testAttempts.finishedAt}, ${testAttempts.createdAt})`;

/**
 * Runs the joined queries with nested loops off. Right after a bulk insert (a roster import, a
 * morning of sittings) the planner has no statistics and guesses a handful of rows, so it joins
 * 5 000 employees to 3 500 sittings by a nested loop over all pairs: 14 s on 5 000 people
 * (measured on PGlite). A hash join does the same in milliseconds whatever the statistics say.
 */
export async function withHashJoins<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return fn(tx);
  });
}

function joined(db: Db) {
  return {
    from<T extends Record<string, unknown>>(fields: T) {
      return db
        .select(fields as never)
        .from(companyEmployees)
        .leftJoin(
          kazakhTestTakers,
          and(eq(kazakhTestTakers.iinHash, companyEmployees.iinHash), eq(kazakhTestTakers.companyId, companyEmployees.companyId), isNull(kazakhTestTakers.annulledAt)),
        )
        .leftJoin(testAttempts, and(eq(testAttempts.id, kazakhTestTakers.attemptId), isNull(testAttempts.annulledAt)))
        .leftJoin(certificates, eq(certificates.attemptId, testAttempts.id))
        // At most one personal invitation per employee: the join adds no rows.
        .leftJoin(companyInvitations, eq(companyInvitations.employeeId, companyEmployees.id));
    },
  };
}

/** The filter without the status: the summary counts every status of what the other filters match. */
function baseWhere(companyId: number, f: ResultsFilter): SQL[] {
  const where: SQL[] = [eq(companyEmployees.companyId, companyId)];
  if (f.department) where.push(eq(companyEmployees.department, f.department));
  if (f.position) where.push(eq(companyEmployees.positionCode, f.position));
  // A date range is about the test: whoever has no sitting in it is left out.
  if (f.from) where.push(gte(testDate, f.from));
  if (f.to) where.push(lt(testDate, f.to));
  if (f.q) {
    for (const word of f.q.split(/\s+/).filter(Boolean).slice(0, 4)) {
      const like = `%${likeEscape(word)}%`;
      const ors = [ilike(companyEmployees.lastName, like), ilike(companyEmployees.firstName, like), ilike(certificates.number, like)];
      if (/^\d{4}$/.test(word)) ors.push(eq(companyEmployees.iinLast4, word));
      where.push(or(...ors)!);
    }
  }
  return where;
}

function resultsWhere(companyId: number, f: ResultsFilter): SQL {
  const where = baseWhere(companyId, f);
  if (f.status) where.push(sql`${status} = ${f.status}`);
  return and(...where)!;
}

const rowFields = {
  id: companyEmployees.id,
  lastName: companyEmployees.lastName,
  firstName: companyEmployees.firstName,
  iinLast4: companyEmployees.iinLast4,
  positionCode: companyEmployees.positionCode,
  department: companyEmployees.department,
  status,
  startedAt: testAttempts.createdAt,
  finishedAt: testAttempts.finishedAt,
  certificateId: certificates.id,
  certificateNumber: certificates.number,
  certificateLevel: certificates.level,
  certificateRevokedAt: certificates.revokedAt,
};

type RawRow = {
  id: number;
  lastName: string;
  firstName: string;
  iinLast4: string;
  positionCode: string;
  department: string | null;
  status: ResultStatus;
  startedAt: Date | null;
  finishedAt: Date | null;
  certificateId: number | null;
  certificateNumber: string | null;
  certificateLevel: string | null;
  certificateRevokedAt: Date | null;
};

export interface ResultRow {
  employeeId: number;
  lastName: string;
  firstName: string;
  /** "•••• •••• 1234": never more on a page or in a default export. */
  iin: string;
  positionCode: string;
  department: string | null;
  status: ResultStatus;
  /** A0 (below A1) to C1; null: not finished, or too few answers for a level. */
  level: string | null;
  /** When the test was finished, or started if not finished yet. */
  date: Date | null;
  certificate: { number: string; revoked: boolean } | null;
}

const toDate = (v: Date | string | null) => (v == null ? null : v instanceof Date ? v : new Date(v));

function resultRow(r: RawRow): ResultRow {
  return {
    employeeId: r.id,
    lastName: r.lastName,
    firstName: r.firstName,
    iin: maskIin(r.iinLast4),
    positionCode: r.positionCode,
    department: r.department,
    status: r.status,
    level: r.certificateLevel,
    date: toDate(r.finishedAt) ?? toDate(r.startedAt),
    certificate: r.certificateNumber ? { number: r.certificateNumber, revoked: r.certificateRevokedAt != null } : null,
  };
}

const order = [asc(companyEmployees.lastName), asc(companyEmployees.firstName), asc(companyEmployees.id)];

/** A filtered filter for the audit row: only what was set (dates as days). */
export function filterForAudit(f: ResultsFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = v instanceof Date ? v.toISOString() : String(v);
  }
  return out;
}

/** One page of the company's results, audited as a view (`results.view`). */
export async function listResults(db: Db, actor: Actor, companyId: number, f: ResultsQuery) {
  const where = resultsWhere(companyId, f);
  const [rows, [count]] = await withHashJoins(db, (db) => Promise.all([
    joined(db)
      .from(rowFields)
      .where(where)
      .orderBy(...order)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize) as unknown as Promise<RawRow[]>,
    joined(db).from({ n: sql<number>`count(*)::int` }).where(where) as unknown as Promise<{ n: number }[]>,
  ]));
  const { page, pageSize } = f;
  await audit(db, actor, { action: 'results.view', entity: 'company', entityId: companyId, after: { filter: filterForAudit({ ...f, page: undefined, pageSize: undefined } as ResultsFilter), page, rows: rows.length } });
  return { rows: rows.map(resultRow), total: count?.n ?? 0, page, pageSize };
}

export interface GroupCounts {
  key: string | null;
  total: number;
  started: number;
  finished: number;
}

export interface ResultsSummary {
  /** Employees on the roster the filters match. */
  roster: number;
  /** Employees sent a personal invitation. */
  invited: number;
  notStarted: number;
  started: number;
  finished: number;
  /** Finished sittings by certificate level, A0 (below A1) to C1, plus those without a level. */
  levels: { level: string; count: number }[];
  noLevel: number;
  departments: GroupCounts[];
  positions: GroupCounts[];
}

/** The counts of the results page: by status, level, department and position code, over the filters (status aside). */
export async function resultsSummary(db: Db, companyId: number, f: ResultsFilter): Promise<ResultsSummary> {
  const where = and(...baseWhere(companyId, { ...f, status: undefined }));
  const rows = (await withHashJoins(db, (db) => joined(db)
    .from({
      department: companyEmployees.department,
      position: companyEmployees.positionCode,
      status,
      level: certificates.level,
      n: sql<number>`count(*)::int`,
      invited: sql<number>`count(${companyInvitations.id})::int`,
    })
    .where(where)
    .groupBy(companyEmployees.department, companyEmployees.positionCode, status, certificates.level) as unknown as Promise<unknown>)) as {
    department: string | null;
    position: string;
    status: ResultStatus;
    level: string | null;
    n: number;
    invited: number;
  }[];
  const sum: ResultsSummary = { roster: 0, invited: 0, notStarted: 0, started: 0, finished: 0, levels: RESULT_LEVELS.map((level) => ({ level, count: 0 })), noLevel: 0, departments: [], positions: [] };
  const departments = new Map<string | null, GroupCounts>();
  const positions = new Map<string, GroupCounts>();
  const bump = <K>(map: Map<K, GroupCounts>, key: K, r: (typeof rows)[number]) => {
    const g = map.get(key) ?? { key: key as string | null, total: 0, started: 0, finished: 0 };
    g.total += r.n;
    if (r.status === 'started') g.started += r.n;
    if (r.status === 'finished') g.finished += r.n;
    map.set(key, g);
  };
  for (const r of rows) {
    sum.roster += r.n;
    sum.invited += r.invited;
    if (r.status === 'not_started') sum.notStarted += r.n;
    if (r.status === 'started') sum.started += r.n;
    if (r.status === 'finished') {
      sum.finished += r.n;
      const l = sum.levels.find((x) => x.level === r.level);
      if (l) l.count += r.n;
      else sum.noLevel += r.n;
    }
    bump(departments, r.department, r);
    bump(positions, r.position, r);
  }
  const byName = (a: GroupCounts, b: GroupCounts) => (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff');
  sum.departments = [...departments.values()].sort(byName);
  sum.positions = [...positions.values()].sort(byName);
  return sum;
}

/** The departments and position codes of the roster, for the filters. */
export async function resultsFilterOptions(db: Db, companyId: number) {
  const [departments, positions] = await Promise.all([
    db.selectDistinct({ v: companyEmployees.department }).from(companyEmployees).where(eq(companyEmployees.companyId, companyId)).orderBy(asc(companyEmployees.department)),
    db.selectDistinct({ v: companyEmployees.positionCode }).from(companyEmployees).where(eq(companyEmployees.companyId, companyId)).orderBy(asc(companyEmployees.positionCode)),
  ]);
  return { departments: departments.map((d) => d.v).filter((v): v is string => !!v), positions: positions.map((p) => p.v) };
}

export interface ExportRow extends ResultRow {
  /** The sealed IIN (opened only for the audited full-IIN export). */
  iinSealed: string;
}

/** Every row the filters match, for an export (5 000 rows are one query of a few hundred KB). */
export async function resultRowsForExport(db: Db, companyId: number, f: ResultsFilter): Promise<ExportRow[]> {
  const rows = (await withHashJoins(db, (db) => joined(db)
    .from({ ...rowFields, iinSealed: companyEmployees.iinSealed })
    .where(resultsWhere(companyId, f))
    .orderBy(...order) as unknown as Promise<unknown>)) as unknown as (RawRow & { iinSealed: string })[];
  return rows.map((r) => ({ ...resultRow(r), iinSealed: r.iinSealed }));
}

/** The company's issued certificates of roster employees (for the ZIP), by name. */
export async function companyCertificates(db: Db, companyId: number) {
  return withHashJoins(db, (db) => db
    .select({ certificate: certificates, lastName: companyEmployees.lastName })
    .from(companyEmployees)
    .innerJoin(kazakhTestTakers, and(eq(kazakhTestTakers.iinHash, companyEmployees.iinHash), eq(kazakhTestTakers.companyId, companyEmployees.companyId), isNull(kazakhTestTakers.annulledAt)))
    .innerJoin(testAttempts, and(eq(testAttempts.id, kazakhTestTakers.attemptId), isNull(testAttempts.annulledAt)))
    .innerJoin(certificates, eq(certificates.attemptId, testAttempts.id))
    .where(and(eq(companyEmployees.companyId, companyId), isNull(certificates.revokedAt)))
    .orderBy(...order));
}

/** One certificate of the company's roster, by number; another company's (or a stranger's) is null. */
export async function companyCertificate(db: Db, companyId: number, number: string) {
  const [row] = await db
    .select({ certificate: certificates })
    .from(certificates)
    .innerJoin(kazakhTestTakers, eq(kazakhTestTakers.id, certificates.takerId))
    .innerJoin(companyEmployees, and(eq(companyEmployees.iinHash, kazakhTestTakers.iinHash), eq(companyEmployees.companyId, companyId)))
    .where(and(eq(certificates.number, number), eq(kazakhTestTakers.companyId, companyId)))
    .limit(1);
  return row?.certificate ?? null;
}

/** English placement results taken through the company's link (/stud-test/{company}), newest first. */
export async function placementResults(db: Db, companyId: number, page: number, pageSize = 20) {
  const where = and(eq(testAttempts.companyId, companyId), eq(testAttempts.kind, 'placement'), eq(testAttempts.status, 'finished'));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: testAttempts.id, result: testAttempts.result, finishedAt: testAttempts.finishedAt, name: users.name, lastname: users.lastname })
      .from(testAttempts)
      .leftJoin(users, eq(users.id, testAttempts.userId))
      .where(where)
      .orderBy(sql`${testAttempts.finishedAt} desc nulls last`, sql`${testAttempts.id} desc`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(testAttempts).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name ? `${r.lastname} ${r.name}`.trim() : null,
      level: r.result ? r.result.cefr || r.result.level : null,
      correct: r.result?.correct ?? null,
      total: r.result?.total ?? null,
      finishedAt: r.finishedAt,
    })),
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}
