import 'server-only';
import { eq } from 'drizzle-orm';
import { promoCodes } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { pricePerLesson, STUDENT_PLANS, TEACHER_PLANS, withPromo, type PlanId } from '@/lib/tariffs';

export type PromoFailure = 'promo_not_found' | 'promo_expired' | 'promo_not_started' | 'promo_exhausted' | 'promo_not_applicable';

export interface PromoQuote {
  code: string;
  percentOff: number;
  plans: { id: PlanId; applies: boolean; pricePerLesson: number; discountedPerLesson: number; total: number; discountedTotal: number }[];
}

export async function checkPromo(
  db: Db,
  rawCode: string,
  audience: 'student' | 'teacher',
  now = new Date(),
): Promise<{ ok: true; quote: PromoQuote } | { ok: false; reason: PromoFailure }> {
  const code = rawCode.trim().toUpperCase();
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  if (!promo || !promo.active) return { ok: false, reason: 'promo_not_found' };
  if (promo.validFrom && now < promo.validFrom) return { ok: false, reason: 'promo_not_started' };
  if (promo.validUntil && now > promo.validUntil) return { ok: false, reason: 'promo_expired' };
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return { ok: false, reason: 'promo_exhausted' };
  if (audience !== 'student') return { ok: false, reason: 'promo_not_applicable' };
  const plans = (audience === 'student' ? STUDENT_PLANS : TEACHER_PLANS).map((p) => {
    const applies = promo.plans.length === 0 || promo.plans.includes(p.id);
    const per = pricePerLesson(p);
    const discountedPerLesson = applies ? withPromo(per, promo.percentOff) : per;
    return {
      id: p.id,
      applies,
      pricePerLesson: per,
      discountedPerLesson,
      total: per * p.lessons,
      discountedTotal: discountedPerLesson * p.lessons,
    };
  });
  return { ok: true, quote: { code, percentOff: promo.percentOff, plans } };
}
