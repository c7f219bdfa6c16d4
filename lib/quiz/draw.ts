import {
  SKILLS,
  type ItemMeta,
  type KeyMap,
  type Language,
  type Level,
  type PublicItem,
  type QuizBank,
  type QuizItem,
  type Skill,
} from './types';

/**
 * Drawing a test from a bank: deterministic for a given seed, so the server can store only
 * (bank, count, seed) and rebuild the same test, key and order after a reload.
 */

export interface DrawnTest<L extends Level = Level> {
  language: Language;
  /** What the browser may see, easier bands first; options in the shuffled order. No answers, no levels. */
  items: PublicItem[];
  /** Server-side: item id → index of the correct option in the shuffled order. Never send it. */
  key: KeyMap;
  /** Server-side: item id → level and skill, in test order; scoring needs it. */
  meta: ItemMeta<L>[];
}

export const DEFAULT_COUNT = 30;

/** 32-bit seed from a number or a string (FNV-1a over the UTF-16 code units). */
export function seedToInt(seed: number | string): number {
  if (typeof seed === 'number') {
    if (!Number.isFinite(seed)) throw new RangeError('seed must be a finite number');
    return Math.trunc(seed) >>> 0;
  }
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough to shuffle a test (not for secrets). Returns [0, 1). */
export function createRng(seed: number | string): () => number {
  let a = seedToInt(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(list: readonly T[], rng: () => number): T[] {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** The item as the browser may see it: the answer and the level are left out. */
export function toPublicItem(item: QuizItem): PublicItem {
  const pub: PublicItem = { id: item.id, skill: item.skill, prompt: item.prompt, options: [...item.options] };
  if (item.passage !== undefined) pub.passage = item.passage;
  return pub;
}

/**
 * How many items each band gets: an even share, the remainder going to the middle bands first
 * (that is where a placement test has to tell neighbours apart), never more than a band holds;
 * what a small band cannot take goes to the others.
 */
function allocate(available: number[], count: number): number[] {
  const n = available.length;
  const quota = new Array<number>(n).fill(0);
  const mid = (n - 1) / 2;
  const middleOut = [...Array(n).keys()].sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b);
  let left = Math.min(count, available.reduce((s, v) => s + v, 0));
  while (left > 0) {
    const open = middleOut.filter((i) => (quota[i] as number) < (available[i] as number));
    const minQuota = Math.min(...open.map((i) => quota[i] as number));
    for (const i of open) {
      if (left === 0) break;
      if (quota[i] === minQuota) {
        quota[i] = (quota[i] as number) + 1;
        left--;
      }
    }
  }
  return quota;
}

/**
 * Draws `count` items (30 by default) from the bank:
 * - every band present in the bank is covered (when count allows) and the bands come easiest first;
 * - within a band, skills are taken in turn so each band covers every skill it has (a 5-item band
 *   gives 2-2-1), and the skill that gets the short share rotates so the whole test stays balanced;
 * - items are shuffled within their band, and every item's options are shuffled; the key records
 *   where the correct option ended up.
 * Same bank, count and seed → same test.
 */
export function drawTest<L extends Level>(
  bank: QuizBank<L>,
  count: number | undefined = DEFAULT_COUNT,
  seed: number | string,
): DrawnTest<L> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const rng = createRng(seed);

  const byBand = bank.bands
    .map((band) => bank.items.filter((item) => item.level === band.id))
    .filter((items) => items.length > 0);
  const quotas = allocate(
    byBand.map((items) => items.length),
    count,
  );

  const skillTotals = new Map<Skill, number>(SKILLS.map((s) => [s, 0]));
  const chosen: QuizItem<L>[] = [];

  byBand.forEach((bandItems, b) => {
    const quota = quotas[b] as number;
    if (quota === 0) return;
    // Per-skill piles, each shuffled; skills least used so far go first (ties broken at random).
    const piles = new Map<Skill, QuizItem<L>[]>();
    for (const skill of shuffle(SKILLS, rng)) {
      const pile = bandItems.filter((item) => item.skill === skill);
      if (pile.length > 0) piles.set(skill, shuffle(pile, rng));
    }
    const order = [...piles.keys()].sort((x, y) => (skillTotals.get(x) ?? 0) - (skillTotals.get(y) ?? 0));
    const picked: QuizItem<L>[] = [];
    while (picked.length < quota) {
      let took = false;
      for (const skill of order) {
        if (picked.length === quota) break;
        const next = piles.get(skill)?.shift();
        if (next) {
          picked.push(next);
          skillTotals.set(skill, (skillTotals.get(skill) ?? 0) + 1);
          took = true;
        }
      }
      if (!took) break;
    }
    chosen.push(...shuffle(picked, rng));
  });

  const items: PublicItem[] = [];
  const key: KeyMap = {};
  const meta: ItemMeta<L>[] = [];
  for (const item of chosen) {
    const order = shuffle(
      item.options.map((_, i) => i),
      rng,
    );
    const pub = toPublicItem(item);
    pub.options = order.map((i) => item.options[i] as string);
    items.push(pub);
    key[item.id] = order.indexOf(item.answer);
    meta.push({ id: item.id, skill: item.skill, level: item.level });
  }
  return { language: bank.language, items, key, meta };
}
