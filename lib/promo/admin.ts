import 'server-only';
import { and, desc, eq, gt, gte, ilike, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { isUniqueViolation } from '@/lib/db/errors';
import { likeEscape } from '@/lib/db/like';
import { promoCodes } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { dayEnd, dayStart, type PromoCreate, type PromoPatch, type PromoState, type promoQuery } from '@/lib/validations/promo-admin';

type PromoRow = typeof promoCodes.$inferSelect;

export function promoState(p: PromoRow, now = new Date()): PromoState {
  if (!p.active) return 'inactive';
  if (p.validFrom && now < p.validFrom) return 'scheduled';
  if (p.validUntil && now > p.validUntil) return 'expired';
  if (p.maxUses !== null && p.usedCount >= p.maxUses) return 'exhausted';
  return 'active';
}

function stateWhere(state: PromoState, now: Date): SQL {
  const inDates = and(or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, now)), or(isNull(promoCodes.validUntil), gte(promoCodes.validUntil, now)))!;
  const exhausted = and(isNotNull(promoCodes.maxUses), gte(promoCodes.usedCount, promoCodes.maxUses))!;
  switch (state) {
    case 'inactive':
      return eq(promoCodes.active, false);
    case 'scheduled':
      return and(eq(promoCodes.active, true), gt(promoCodes.validFrom, now))!;
    case 'expired':
      return and(eq(promoCodes.active, true), lt(promoCodes.validUntil, now))!;
    case 'exhausted':
      return and(eq(promoCodes.active, true), inDates, exhausted)!;
    case 'active':
      return and(eq(promoCodes.active, true), inDates, sql`not (${exhausted})`)!;
  }
}

/** Promo codes, newest first, with how many leads carried each (applied or not). */
export async function listPromo(db: Db, f: z.output<typeof promoQuery>, now = new Date()) {
  const where: SQL[] = [];
  if (f.q) where.push(or(ilike(promoCodes.code, `%${likeEscape(f.q)}%`), ilike(promoCodes.campaign, `%${likeEscape(f.q)}%`))!);
  if (f.state) where.push(stateWhere(f.state, now));
  const cond = where.length ? and(...where) : undefined;
  // Leads that carried the code when it could not be applied (qualified: Drizzle leaves one-table selects unqualified).
  const refused = sql<number>`(select count(*)::int from leads l where l.promo_code = "promo_codes"."code" and l.promo_applied = false)`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ promo: promoCodes, refused })
      .from(promoCodes)
      .where(cond)
      .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(promoCodes).where(cond),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.promo, state: promoState(r.promo, now), refused: r.refused })),
    total: count?.n ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

export async function getPromo(db: Db, id: number) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row ? { ...row, state: promoState(row) } : null;
}

const snapshot = (p: PromoRow) => ({
  code: p.code,
  percentOff: p.percentOff,
  validFrom: p.validFrom?.toISOString() ?? null,
  validUntil: p.validUntil?.toISOString() ?? null,
  maxUses: p.maxUses,
  plans: p.plans,
  campaign: p.campaign,
  active: p.active,
});
const codeTaken = () => new ApiError(409, 'conflict', { code: 'promo_code_taken' });

export async function createPromo(db: Db, actor: Actor, input: PromoCreate, now = new Date()) {
  const [taken] = await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, input.code)).limit(1);
  if (taken) throw codeTaken();
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({
          code: input.code,
          percentOff: input.percentOff,
          validFrom: input.validFrom ? dayStart(input.validFrom) : null,
          validUntil: input.validUntil ? dayEnd(input.validUntil) : null,
          maxUses: input.maxUses,
          plans: input.plans,
          campaign: input.campaign,
          active: input.active,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await audit(tx, actor, { action: 'promo.create', entity: 'promo_code', entityId: row!.id, after: snapshot(row!) });
      return { id: row!.id, code: row!.code };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/** Percent, dates, limit, plans, campaign, active (false = deactivated: the tariff page then says "no such code"). */
export async function updatePromo(db: Db, actor: Actor, id: number, patch: PromoPatch, now = new Date()) {
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update').limit(1);
    if (!before) throw new ApiError(404, 'not_found');
    const set: Partial<typeof promoCodes.$inferInsert> = { updatedAt: now };
    if (patch.percentOff !== undefined) set.percentOff = patch.percentOff;
    if (patch.validFrom !== undefined) set.validFrom = patch.validFrom ? dayStart(patch.validFrom) : null;
    if (patch.validUntil !== undefined) set.validUntil = patch.validUntil ? dayEnd(patch.validUntil) : null;
    if (patch.maxUses !== undefined) set.maxUses = patch.maxUses;
    if (patch.plans !== undefined) set.plans = patch.plans;
    if (patch.campaign !== undefined) set.campaign = patch.campaign;
    if (patch.active !== undefined) set.active = patch.active;
    // One date changed alone must still come before (or on) the other one.
    const from = set.validFrom !== undefined ? set.validFrom : before.validFrom;
    const until = set.validUntil !== undefined ? set.validUntil : before.validUntil;
    if (from && until && from > until) throw new ApiError(422, 'validation_failed', { validUntil: 'date_order' });
    const [after] = await tx.update(promoCodes).set(set).where(eq(promoCodes.id, id)).returning();
    const action = patch.active === false && before.active ? 'promo.deactivate' : patch.active && !before.active ? 'promo.activate' : 'promo.update';
    await audit(tx, actor, { action, entity: 'promo_code', entityId: id, before: snapshot(before), after: snapshot(after!) });
    return { id, code: after!.code, state: promoState(after!, now) };
  });
}
