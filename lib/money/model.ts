// The money model (docs/payments.md, "The model"), decided once: pure arithmetic in tiyn (1 ₸ = 100
// tiyn), shared by the checkout, the ledger, the cabinet and the tariff pages. No database here.
import { STUDENT_PLANS, withPromo, type PlanId } from '@/lib/tariffs';
import { addMonths } from '@/lib/time/calendar';
import { schoolDayEnd, schoolYmd } from '@/lib/time/school-clock';

export const CURRENCY = 'KZT';
export const TIYN_PER_TENGE = 100;

/** How long a package lasts from its payment, in calendar months (the tariff page: 2, 3, 3). */
export const PLAN_VALIDITY_MONTHS: Record<PlanId, number> = { basic: 2, advanced: 3, intensive: 3 };

/**
 * The platform fee per held lesson, as a share of the tutor's own price, by the tutor's plan: 50 %,
 * and 10 % and 20 % lower on Advanced and Intensive (45 %, 40 %). The tutor earns the rest: 50, 55
 * and 60 % of the price, which at a 6 000 ₸ price is the published 3 000 / 3 300 / 3 600 ₸.
 */
export const TUTOR_FEE_PERCENT: Record<PlanId, number> = { basic: 50, advanced: 45, intensive: 40 };

/** The tutor price at which the tutor tariff page and FAQ state their earnings. */
export const EARNING_EXAMPLE_PRICE = 6000;

export const isPlanId = (v: string): v is PlanId => STUDENT_PLANS.some((p) => p.id === v);

export interface PackageQuote {
  plan: PlanId;
  lessons: number;
  validMonths: number;
  /** The tutor's price per lesson (their profile), in tiyn. */
  listPerLessonTiyn: number;
  planDiscountPercent: number;
  /** After the plan's discount, before a promo code. */
  planPerLessonTiyn: number;
  promoPercent: number;
  /** What one lesson of the package costs the student: the price every refund and spend uses. */
  perLessonTiyn: number;
  totalTiyn: number;
  /** What the plan's discount and the promo code save against the list price, for the breakdown. */
  savedTiyn: number;
}

/**
 * The price of a package: the tutor's price, less the plan's discount, less the promo code's
 * percentage taken off the discounted price (the promo text on the tariff page), each step rounded
 * to whole tenge as the tariff page shows it; the total is the per-lesson price × the lessons, so a
 * refund of unused lessons at the per-lesson price (offer 5.2) never leaves a tiyn over.
 */
export function quotePackage(tutorPriceTenge: number, planId: PlanId, promoPercent = 0): PackageQuote {
  const plan = STUDENT_PLANS.find((p) => p.id === planId);
  if (!plan) throw new Error(`unknown plan ${planId}`);
  if (!Number.isInteger(tutorPriceTenge) || tutorPriceTenge <= 0) throw new Error('a tutor price is a positive whole number of tenge');
  if (!Number.isInteger(promoPercent) || promoPercent < 0 || promoPercent > 100) throw new Error('a promo percentage is 0..100');
  const planPer = Math.round((tutorPriceTenge * (100 - plan.discountPercent)) / 100);
  const per = promoPercent > 0 ? withPromo(planPer, promoPercent) : planPer;
  const list = tutorPriceTenge * TIYN_PER_TENGE;
  const perLessonTiyn = per * TIYN_PER_TENGE;
  return {
    plan: plan.id,
    lessons: plan.lessons,
    validMonths: PLAN_VALIDITY_MONTHS[plan.id],
    listPerLessonTiyn: list,
    planDiscountPercent: plan.discountPercent,
    planPerLessonTiyn: planPer * TIYN_PER_TENGE,
    promoPercent,
    perLessonTiyn,
    totalTiyn: perLessonTiyn * plan.lessons,
    savedTiyn: (list - perLessonTiyn) * plan.lessons,
  };
}

/** What the tutor earns for one held lesson: their price less their plan's fee, in tiyn. */
export function tutorEarningTiyn(tutorPriceTenge: number, tutorPlan: PlanId = 'basic'): number {
  return tutorPriceTenge * (100 - TUTOR_FEE_PERCENT[tutorPlan]);
}

/** The platform's fee for one held lesson of a tutor's price, in tiyn. */
export function platformFeeTiyn(tutorPriceTenge: number, tutorPlan: PlanId = 'basic'): number {
  return tutorPriceTenge * TUTOR_FEE_PERCENT[tutorPlan];
}

/** Whole tenge of an amount in tiyn, for formatTenge (every amount the model makes is whole tenge). */
export const tenge = (tiyn: number): number => Math.round(tiyn / TIYN_PER_TENGE);

/**
 * The last moment a package may be used: the end of the school day (Almaty, UTC+5) the validity's
 * months after the payment's school date (paid 15 March on Basic → valid through 15 May, 23:59:59).
 */
export function packageValidUntil(paidAt: Date, plan: PlanId): Date {
  const [y, m, d] = schoolYmd(paidAt);
  const day = addMonths(`${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, PLAN_VALIDITY_MONTHS[plan]);
  return schoolDayEnd(day);
}

/**
 * The tutor's plan of a month, decided by its load (the tutor tariff page: Basic up to 20 lessons a
 * month, Advanced up to 60, Intensive from 100). Between 61 and 99 the tutor stays on Advanced:
 * Intensive's lower fee starts at 100.
 */
export const TUTOR_PLAN_LOAD = { advancedFrom: 21, intensiveFrom: 100 } as const;
export function tutorPlanByLoad(lessonsHeld: number): PlanId {
  if (lessonsHeld >= TUTOR_PLAN_LOAD.intensiveFrom) return 'intensive';
  if (lessonsHeld >= TUTOR_PLAN_LOAD.advancedFrom) return 'advanced';
  return 'basic';
}

/**
 * A tutor's month in the payout register: the sum of their prices of the month's taught lessons
 * (tiyn) less the fee of the plan their load earns. In whole tiyn: a price is whole tenge.
 */
export function monthEarningTiyn(priceSumTiyn: number, plan: PlanId): number {
  return (priceSumTiyn * (100 - TUTOR_FEE_PERCENT[plan])) / 100;
}

// ── Group seats (issue 33; docs/payments.md, "Group seats") ─────────────────────────────────────

/**
 * A seat's price: the group's price per lesson × the lessons not yet started when it is taken (a
 * running group is joined for the lessons left). Whole tenge a lesson, so every refund at the seat's
 * price of a lesson leaves no tiyn over.
 */
export function groupSeatPrice(perLessonTiyn: number, lessonsLeft: number): { lessons: number; perLessonTiyn: number; totalTiyn: number } {
  if (!Number.isSafeInteger(perLessonTiyn) || perLessonTiyn <= 0 || perLessonTiyn % TIYN_PER_TENGE !== 0) throw new Error('a group price is a positive whole number of tenge, in tiyn');
  if (!Number.isInteger(lessonsLeft) || lessonsLeft < 0) throw new Error('lessons left is a whole number');
  return { lessons: lessonsLeft, perLessonTiyn, totalTiyn: perLessonTiyn * lessonsLeft };
}

/**
 * A moved seat's price of a lesson in its new group (a merge, or staff moving a student): never more
 * than the student paid for a lesson nor more than the new group's price, and what the old seat's
 * balance holds spread over the new group's lessons left (whole tenge, rounded down). What is left of
 * the balance after `lessons` × that is refunded (`refundTiyn`): a student moved by the school never
 * pays more and gets back what is not used.
 */
export function movedSeatPrice(balanceTiyn: number, oldPerLessonTiyn: number, newPerLessonTiyn: number, lessonsLeft: number): { perLessonTiyn: number; totalTiyn: number; refundTiyn: number } {
  if (lessonsLeft <= 0) return { perLessonTiyn: 0, totalTiyn: 0, refundTiyn: Math.max(0, balanceTiyn) };
  const spread = Math.floor(balanceTiyn / lessonsLeft / TIYN_PER_TENGE) * TIYN_PER_TENGE;
  const per = Math.max(0, Math.min(oldPerLessonTiyn, newPerLessonTiyn, spread));
  return { perLessonTiyn: per, totalTiyn: per * lessonsLeft, refundTiyn: balanceTiyn - per * lessonsLeft };
}

/** The largest share of a price a tutor earns (Intensive: 60 %): what a company's money must cover. */
export const TUTOR_TOP_SHARE_PERCENT = 100 - Math.min(...Object.values(TUTOR_FEE_PERCENT));

/**
 * What a tutor's earning for a held group lesson is counted from, in whole tenge: the prices of a
 * lesson its seats paid (each paid seat of the lesson, present or not: a student who missed a lesson
 * has spent it), and never less than the group's minimum of seats at the group's price (the floor: a
 * group that shrank below its minimum after students left still pays its tutor as a full minimum).
 * A company's closed group (`companyId`) keeps the floor only as far as the company's seats paid for
 * the lesson cover the tutor's share at the top plan (60 %): the school never pays a tutor more for
 * a company's lesson than the company paid for it (the pool's rule, lib/lessons/money.ts
 * poolTutorPriceMax). Three seats of a minimum of 3 or two seats: the full floor; one seat of 3 500 ₸:
 * a base of 5 833 ₸ (3 499.80 ₸ at 60 %, 2 916.50 ₸ at 50 %).
 */
export function groupEarningBase(seatPerLessonTiyn: number[], group: { minSeats: number; pricePerLessonTiyn: number; companyId?: number | null }): number {
  const paid = seatPerLessonTiyn.reduce((s, p) => s + p, 0);
  const floor = tenge(group.minSeats * group.pricePerLessonTiyn);
  if (group.companyId === undefined || group.companyId === null) return Math.max(tenge(paid), floor);
  const covered = Math.floor((tenge(paid) * 100) / TUTOR_TOP_SHARE_PERCENT);
  return Math.max(tenge(paid), Math.min(floor, covered));
}

/**
 * The tutor's earning for a held group lesson: their plan's share of the base (50 / 55 / 60 %, the
 * same fee as a one-on-one lesson: Basic when the lesson is held, the month's register tops it up to
 * the plan the month's load earns, each group lesson counting as one lesson of that load). Six seats
 * at 3 500 ₸ on Basic: 21 000 ₸ × 50 % = 10 500 ₸ a lesson; three seats (or fewer, the floor): 5 250 ₸.
 */
export function groupTutorEarningTiyn(baseTenge: number, tutorPlan: PlanId = 'basic'): number {
  return tutorEarningTiyn(baseTenge, tutorPlan);
}
