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
 * How often each item was shown so far (exposure control): item id → count; missing ids count 0.
 * With it, each band/skill pile is taken least-shown first (random order among equals), so over many
 * attempts every item is shown about equally often and one person sees only a small share of a bank.
 */
export type Exposure = ReadonlyMap<string, number>;

/**
 * Chooses `count` items of the bank, in test order:
 * - every band present in the bank is covered (when count allows) and the bands come easiest first;
 * - within a band, skills are taken in turn so each band covers every skill it has (a 5-item band
 *   gives 2-2-1), and the skill that gets the short share rotates so the whole test stays balanced;
 * - within a band and skill, items are taken at random, or least-shown first when `exposure` is given;
 * - items are shuffled within their band.
 */
export function pickItems<L extends Level>(bank: QuizBank<L>, count: number, rng: () => number, exposure?: Exposure): QuizItem<L>[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
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
      if (pile.length === 0) continue;
      const shuffled = shuffle(pile, rng);
      // Array.prototype.sort is stable: equally exposed items keep their random order.
      if (exposure) shuffled.sort((x, y) => (exposure.get(x.id) ?? 0) - (exposure.get(y.id) ?? 0));
      piles.set(skill, shuffled);
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
  return chosen;
}

/** The test of these items in this order; every item's options shuffled by `rng`, the key recording where the right one went. */
function assemble<L extends Level>(language: Language, chosen: readonly QuizItem<L>[], rng: () => number): DrawnTest<L> {
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
  return { language, items, key, meta };
}

/**
 * Draws `count` items (30 by default) from the bank (see pickItems) and shuffles every item's
 * options. Same bank, count and seed → same test.
 */
export function drawTest<L extends Level>(
  bank: QuizBank<L>,
  count: number | undefined = DEFAULT_COUNT,
  seed: number | string,
): DrawnTest<L> {
  const rng = createRng(seed);
  const chosen = pickItems(bank, count, rng);
  return assemble(bank.language, chosen, rng);
}

/**
 * The test of a stored list of item ids (an attempt whose draw depended on exposure counts): the
 * options are shuffled by a generator of its own seeded from `seed`, so the same ids and seed give
 * the same test on every call. Ids no longer in the bank are left out.
 */
export function testFromIds<L extends Level>(bank: QuizBank<L>, ids: readonly string[], seed: number | string): DrawnTest<L> {
  const byId = new Map(bank.items.map((item) => [item.id, item]));
  const chosen = ids.map((id) => byId.get(id)).filter((item): item is QuizItem<L> => item !== undefined);
  return assemble(bank.language, chosen, createRng(`options:${String(seed)}`));
}
