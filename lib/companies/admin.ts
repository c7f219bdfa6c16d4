import 'server-only';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { isUniqueViolation } from '@/lib/db/errors';
import { likeEscape } from '@/lib/db/like';
import { companies } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { absoluteUrl, localePath } from '@/lib/seo';
import type { z } from 'zod';
import type { companiesQuery, companyPatchSchema } from '@/lib/validations/companies';

type CompanyRow = typeof companies.$inferSelect;

/** What a company's HR person sends to staff: both tests, in the three languages of the site. */
export function companyLinks(slug: string) {
  return (['ru', 'kk', 'en'] as const).map((locale) => ({
    locale,
    placement: absoluteUrl(localePath(locale, `/stud-test/${slug}`)),
    kazakh: absoluteUrl(localePath(locale, `/kazakh-test/${slug}`)),
  }));
}

/**
 * Counts per company: Kazakh takers (annulled sittings aside), placement tests, live certificates.
 * Written with qualified names: in a one-table select Drizzle leaves columns unqualified.
 */
const takersCount = sql<number>`(select count(*)::int from kazakh_test_takers k where k.company_id = "companies"."id" and k.annulled_at is null)`;
const placementCount = sql<number>`(select count(*)::int from test_attempts a where a.company_id = "companies"."id" and a.kind = 'placement')`;
const certificatesCount = sql<number>`(select count(*)::int from certificates c join kazakh_test_takers k on k.id = c.taker_id where k.company_id = "companies"."id" and c.revoked_at is null)`;

export async function listCompanies(db: Db, f: z.output<typeof companiesQuery>) {
  const where: SQL[] = [];
  if (f.q) where.push(or(ilike(companies.name, `%${likeEscape(f.q)}%`), ilike(companies.slug, `%${likeEscape(f.q)}%`))!);
  if (f.active) where.push(eq(companies.active, f.active === 'yes'));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ company: companies, takers: takersCount, placements: placementCount, certificates: certificatesCount })
      .from(companies)
      .where(cond)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(cond),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.company, takers: r.takers, placements: r.placements, certificates: r.certificates })),
    total: count?.n ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** Every company (id and name), for the filters of other lists. */
export async function companyOptions(db: Db) {
  return db.select({ id: companies.id, name: companies.name, active: companies.active }).from(companies).orderBy(asc(companies.name));
}

export async function companyDetail(db: Db, id: number) {
  const [row] = await db
    .select({ company: companies, takers: takersCount, placements: placementCount, certificates: certificatesCount })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row.company, takers: row.takers, placements: row.placements, certificates: row.certificates, links: companyLinks(row.company.slug) };
}

const pick = (c: CompanyRow) => ({
  name: c.name,
  slug: c.slug,
  active: c.active,
  rosterOnly: c.rosterOnly,
  bin: c.bin,
  legalAddress: c.legalAddress,
  bankIban: c.bankIban,
  bankName: c.bankName,
  bankBic: c.bankBic,
  kbe: c.kbe,
  signatoryName: c.signatoryName,
  signatoryPosition: c.signatoryPosition,
  contractNumber: c.contractNumber,
  contractDate: c.contractDate,
});
const slugTaken = () => new ApiError(409, 'conflict', { slug: 'slug_taken' });

async function slugFree(db: Db, slug: string, exceptId?: number) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug)).limit(1);
  return !row || row.id === exceptId;
}

/** A new company; a taken slug is a 409 with a field message (also when two admins race for it). */
export async function createCompany(db: Db, actor: Actor, input: { name: string; slug: string; active: boolean; rosterOnly?: boolean }) {
  if (!(await slugFree(db, input.slug))) throw slugTaken();
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx.insert(companies).values(input).returning();
      await audit(tx, actor, { action: 'company.create', entity: 'company', entityId: row!.id, after: pick(row!) });
      return { id: row!.id, slug: row!.slug };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

/**
 * Name, slug, active, and the requisites its invoices and acts carry (BIN, address, bank account,
 * БИК, Кбе, signatory, contract). A changed slug changes the company's links (the old ones then answer as for
 * an unknown company); an inactive company's links answer the same way until it is active again.
 */
export async function updateCompany(db: Db, actor: Actor, id: number, patch: z.output<typeof companyPatchSchema>) {
  if (patch.slug && !(await slugFree(db, patch.slug, id))) throw slugTaken();
  try {
    return await transaction(db, async (tx) => {
      const [before] = await tx.select().from(companies).where(eq(companies.id, id)).for('update').limit(1);
      if (!before) throw new ApiError(404, 'not_found');
      const [after] = await tx.update(companies).set(patch).where(eq(companies.id, id)).returning();
      const action = patch.active === false && before.active ? 'company.deactivate' : patch.active && !before.active ? 'company.activate' : 'company.update';
      await audit(tx, actor, { action, entity: 'company', entityId: id, before: pick(before), after: pick(after!) });
      return { id, slug: after!.slug };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}
