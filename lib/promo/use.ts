import 'server-only';
import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { promoCodes } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { checkPromo, type PromoFailure } from './check';

export type PromoUse = { applied: true; code: string; percentOff: number } | { applied: false; code: string; reason: PromoFailure };

/**
 * Counts one use of a promo code, atomically: the row is incremented only while it is active, in
 * its dates, under its usage limit and meant for the plan, in one UPDATE, so parallel leads can
 * never take it past the limit (each waits for the row and re-checks the count). Call it inside the
 * lead's transaction: a lead that rolls back gives its use back. When nothing is counted, the
 * reason comes from the same checks the tariff page's promo call makes.
 */
export async function usePromo(tx: Db, rawCode: string, plan: string | undefined, now = new Date()): Promise<PromoUse> {
  const code = rawCode.trim().toUpperCase();
  const [used] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, now)),
        or(isNull(promoCodes.validUntil), gte(promoCodes.validUntil, now)),
        or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses)),
        plan ? or(sql`${promoCodes.plans} = '[]'::jsonb`, sql`${promoCodes.plans} @> jsonb_build_array(${plan}::text)`) : undefined,
      ),
    )
    .returning({ percentOff: promoCodes.percentOff });
  if (used) return { applied: true, code, percentOff: used.percentOff };
  const check = await checkPromo(tx, code, 'student', now);
  return { applied: false, code, reason: check.ok ? 'promo_not_applicable' : check.reason };
}

/**
 * A paid order's use of its promo code (lib/payments/settle.ts), counted with the money: a
 * checkout only reserves a use while its order is pending (lib/payments/checkout.ts), so unpaid
 * orders never use a limited code up. Counted even past the limit: the money decides.
 */
export async function countPaidPromoUse(tx: Db, code: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(eq(promoCodes.code, code));
}
