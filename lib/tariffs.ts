// Published tariff plans. Prices in tenge; rendered statically and used by the promo-code check.
export type PlanId = 'basic' | 'advanced' | 'intensive';

export interface Plan {
  id: PlanId;
  lessons: number;
  basePrice: number;
  discountPercent: number;
  popular: boolean;
}

function plan(id: PlanId, lessons: number, basePrice: number, discountPercent: number, popular = false): Plan {
  return { id, lessons, basePrice, discountPercent, popular };
}

/** Student packages of individual lessons: individual lessons from 4 500 ₸. */
export const STUDENT_PLANS: readonly Plan[] = [
  plan('basic', 8, 5000, 0),
  plan('advanced', 16, 5000, 5, true),
  plan('intensive', 24, 5000, 10),
];

/** Tutor plans: what a tutor earns per lesson at a monthly load; the discount is off the platform fee. */
export const TEACHER_PLANS: readonly Plan[] = [
  plan('basic', 20, 3000, 0),
  plan('advanced', 60, 3000, 10, true),
  plan('intensive', 100, 3000, 20),
];

/** One price per fact in every language (the offer PDF states the same). */
export const PRICES = { individualFrom: 4500, groupFrom: 3500, chatHelpPerHour: 500 } as const;

export function pricePerLesson(p: Plan): number {
  return Math.round((p.basePrice * (100 - p.discountPercent)) / 100);
}

export function withPromo(amount: number, percentOff: number): number {
  return Math.round((amount * (100 - percentOff)) / 100);
}

/**
 * "40 000 ₸" with no-break spaces, whole tenge, in every language: as people in Kazakhstan read
 * amounts (the walk found "₸106,400" on the English pages odd to a Kazakhstani reader). Written out rather than
 * left to Intl.NumberFormat: browsers ship less locale data than Node (Chromium formats kk-KZ as
 * "₸ 40,000"), so prices rendered on the server and again in the browser (the tariff board)
 * differed, and React threw away the server HTML of Kazakh tariff pages (hydration error #418).
 */
// The locale stays in the signature: every caller passes the page's, and a language that writes money
// differently would be one branch here.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function formatTenge(amount: number, _locale: string): string {
  const n = Math.round(amount);
  const digits = String(Math.abs(n));
  const sign = n < 0 ? '-' : '';
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₸`;
}

/** An amount in tiyn as tenge: whole tenge as formatTenge, with the tiyn after a decimal mark when there are any (2 750,55 ₸; in English 2 750.55 ₸). */
export function formatTiyn(tiyn: number, locale: string): string {
  const t = Math.round(tiyn);
  const abs = Math.abs(t);
  const whole = formatTenge(Math.floor(abs / 100), locale);
  const rest = String(abs % 100).padStart(2, '0');
  const text = abs % 100 === 0 ? whole : whole.replace('\u00a0₸', `${locale === 'en' ? '.' : ','}${rest}\u00a0₸`);
  return t < 0 ? `-${text}` : text;
}
