import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIMITS } from '@/lib/validations/tutor-profile';
import { parseServerEnv } from '@/lib/env';
import { PRICES, pricePerLesson, STUDENT_PLANS } from '@/lib/tariffs';
import { GROUP_MAX_SEATS, GROUP_PRICE_MIN_TIYN } from '@/lib/validations/group-rules';
import { addMonths } from '@/lib/time/calendar';
import { EARNING_EXAMPLE_PRICE, groupEarningBase, TUTOR_TOP_SHARE_PERCENT, groupSeatPrice, groupTutorEarningTiyn, movedSeatPrice, packageValidUntil, platformFeeTiyn, quotePackage, tenge, tutorEarningTiyn } from './model';

describe('the money model (docs/payments.md)', () => {
  it('keeps "from 4 500 ₸" true: the cheapest lesson at the lowest tutor price is Intensive\'s 4 500 ₸', () => {
    const floor = parseServerEnv({ NODE_ENV: 'test' }).TUTOR_PRICE_MIN;
    expect(floor).toBe(DEFAULT_PRICE_LIMITS.min);
    const cheapest = Math.min(...STUDENT_PLANS.map((p) => tenge(quotePackage(floor, p.id).perLessonTiyn)));
    expect(cheapest).toBe(PRICES.individualFrom);
    // At the tariff page's base price the model gives the page's own numbers.
    for (const p of STUDENT_PLANS) expect(tenge(quotePackage(p.basePrice, p.id).perLessonTiyn)).toBe(pricePerLesson(p));
  });

  it('prices a package: plan discount, then the promo code off the discounted price, per lesson in whole tenge, total = per lesson × lessons', () => {
    expect(quotePackage(6000, 'basic')).toMatchObject({ lessons: 8, validMonths: 2, perLessonTiyn: 600_000, totalTiyn: 4_800_000, savedTiyn: 0 });
    expect(quotePackage(6000, 'advanced', 10)).toMatchObject({ lessons: 16, validMonths: 3, planPerLessonTiyn: 570_000, perLessonTiyn: 513_000, totalTiyn: 8_208_000, savedTiyn: 1_392_000 });
    expect(quotePackage(7777, 'intensive', 15)).toMatchObject({ lessons: 24, planPerLessonTiyn: 699_900, perLessonTiyn: 594_900, totalTiyn: 594_900 * 24 });
    for (const q of [quotePackage(5000, 'basic'), quotePackage(12345, 'advanced', 7), quotePackage(30000, 'intensive', 50)]) {
      expect(q.totalTiyn).toBe(q.perLessonTiyn * q.lessons);
      expect(q.perLessonTiyn % 100).toBe(0);
    }
    expect(() => quotePackage(5000.5, 'basic')).toThrow();
    expect(() => quotePackage(5000, 'basic', 101)).toThrow();
  });

  it('tutor earnings: 50 / 55 / 60 % of the price (fee 50 %, 10 % and 20 % lower): the published 3 000 / 3 300 / 3 600 ₸ at 6 000 ₸', () => {
    expect(['basic', 'advanced', 'intensive'].map((p) => tenge(tutorEarningTiyn(EARNING_EXAMPLE_PRICE, p as 'basic')))).toEqual([3000, 3300, 3600]);
    expect(platformFeeTiyn(6000, 'basic') + tutorEarningTiyn(6000, 'basic')).toBe(600_000);
    expect(platformFeeTiyn(6000, 'advanced')).toBe(platformFeeTiyn(6000, 'basic') * 0.9);
    expect(platformFeeTiyn(6000, 'intensive')).toBe(platformFeeTiyn(6000, 'basic') * 0.8);
  });

  it('validity: months on the school\'s calendar to the end of that day in Almaty; month ends clamp', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2028-12-31', 2)).toBe('2029-02-28');
    // Paid 20:30 UTC on 14 March = 01:30 on 15 March in Almaty.
    expect(packageValidUntil(new Date('2026-03-14T20:30:00Z'), 'basic').toISOString()).toBe('2026-05-15T18:59:59.999Z');
    expect(packageValidUntil(new Date('2026-03-14T10:00:00Z'), 'advanced').toISOString()).toBe('2026-06-14T18:59:59.999Z');
  });

  it('group seats: "groups of up to 6", "from 3 500 ₸ a lesson"; a seat costs the lessons left at the group\'s price', () => {
    expect(GROUP_MAX_SEATS).toBe(6);
    expect(GROUP_PRICE_MIN_TIYN).toBe(PRICES.groupFrom * 100);
    expect(groupSeatPrice(350_000, 8)).toEqual({ lessons: 8, perLessonTiyn: 350_000, totalTiyn: 2_800_000 });
    // Joining a running group after 3 of 8 lessons pays for the 5 left.
    expect(groupSeatPrice(350_000, 5).totalTiyn).toBe(1_750_000);
    expect(() => groupSeatPrice(350_050, 5)).toThrow();
  });

  it('the tutor\'s group earning: the plan\'s share (50 / 55 / 60 %) of what the lesson\'s seats paid, never below the group\'s minimum of seats', () => {
    const group = { minSeats: 3, pricePerLessonTiyn: 350_000 };
    const six = Array(6).fill(350_000);
    expect(groupEarningBase(six, group)).toBe(21_000);
    expect(['basic', 'advanced', 'intensive'].map((p) => tenge(groupTutorEarningTiyn(21_000, p as 'basic')))).toEqual([10_500, 11_550, 12_600]);
    // Three seats, and the floor: two seats left (or one) still earn as the minimum of three.
    expect(groupEarningBase(Array(3).fill(350_000), group)).toBe(10_500);
    expect(groupEarningBase([350_000, 350_000], group)).toBe(10_500);
    expect(tenge(groupTutorEarningTiyn(groupEarningBase([350_000], group)))).toBe(5_250);
    // A moved seat at a lower price counts at what it paid.
    expect(groupEarningBase([400_000, 400_000, 400_000, 300_000], { minSeats: 3, pricePerLessonTiyn: 400_000 })).toBe(15_000);
    // The same share as a one-on-one lesson at the same base: one rule for the payout register.
    expect(groupTutorEarningTiyn(21_000, 'advanced')).toBe(tutorEarningTiyn(21_000, 'advanced'));
    // What the school keeps of a minimum group on the deepest share (Intensive, 60 % to the tutor): 3 × 3 500 − 6 300 = 4 200 ₸.
    expect(3 * 350_000 - groupTutorEarningTiyn(groupEarningBase(Array(3).fill(350_000), group), 'intensive')).toBe(420_000);
  });

  it("a company's closed group: the floor only as far as the company's seats pay the tutor's share at the top plan; never more to the tutor than the company paid", () => {
    const corporate = { minSeats: 3, pricePerLessonTiyn: 350_000, companyId: 7 };
    // At or above the minimum, and two seats of three: as a public group (the full floor).
    expect(groupEarningBase(Array(3).fill(350_000), corporate)).toBe(10_500);
    expect(groupEarningBase([350_000, 350_000], corporate)).toBe(10_500);
    // One seat of 3 500 ₸ left: the base is what 60 % of it covers, 5 833 ₸.
    expect(groupEarningBase([350_000], corporate)).toBe(5_833);
    expect(TUTOR_TOP_SHARE_PERCENT).toBe(60);
    // The tutors' FAQ's example: one seat of 4 500 ₸ left of a minimum of three: 3 750 ₸ on Basic, 4 500 ₸ on Intensive (all the company paid).
    expect(tenge(groupTutorEarningTiyn(groupEarningBase([450_000], { ...corporate, pricePerLessonTiyn: 450_000 })))).toBe(3_750);
    expect(tenge(groupTutorEarningTiyn(groupEarningBase([450_000], { ...corporate, pricePerLessonTiyn: 450_000 }), 'intensive'))).toBe(4_500);
    // Every count of seats 1-6, every minimum 1-6, every plan: the tutor's earning never exceeds what the seats paid.
    for (let min = 1; min <= 6; min++)
      for (let seats = 1; seats <= 6; seats++)
        for (const plan of ['basic', 'advanced', 'intensive'] as const) {
          const prices = Array(seats).fill(350_000);
          const earning = groupTutorEarningTiyn(groupEarningBase(prices, { ...corporate, minSeats: min }), plan);
          expect(earning, `${seats} of ${min}, ${plan}`).toBeLessThanOrEqual(seats * 350_000);
          expect(earning).toBeGreaterThanOrEqual(groupTutorEarningTiyn(seats * 3_500, plan));
        }
  });

  it('a moved seat never costs more: the lower price, spread over the new group\'s lessons, the rest refunded', () => {
    // 8 × 4 000 ₸ paid, moved to a 3 500 ₸ group with 8 lessons left: 8 × 3 500, 4 000 ₸ back.
    expect(movedSeatPrice(3_200_000, 400_000, 350_000, 8)).toEqual({ perLessonTiyn: 350_000, totalTiyn: 2_800_000, refundTiyn: 400_000 });
    // 5 lessons left of 3 500 ₸ (17 500 ₸) moved to a 4 000 ₸ group with 6 left: 6 × 2 916 ₸ (what the money spreads to, whole tenge), 4 ₸ back.
    expect(movedSeatPrice(1_750_000, 350_000, 400_000, 6)).toEqual({ perLessonTiyn: 291_600, totalTiyn: 1_749_600, refundTiyn: 400 });
    expect(movedSeatPrice(700_000, 350_000, 350_000, 0)).toEqual({ perLessonTiyn: 0, totalTiyn: 0, refundTiyn: 700_000 });
  });
});
