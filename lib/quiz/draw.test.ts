import { describe, expect, it } from 'vitest';
import { EN_BANK } from './bank-en';
import { KK_BANK } from './bank-kk';
import { createRng, drawTest, pickItems, shuffle, testFromIds, toPublicItem } from './draw';
import { SKILLS, type QuizBank } from './types';

const rank = (bank: QuizBank, level: string) => bank.bands.findIndex((b) => b.id === level);

describe.each([
  ['English', EN_BANK],
  ['Kazakh', KK_BANK],
] as const)('drawTest on the %s bank', (_name, bank) => {
  it('is deterministic per seed and differs between seeds', () => {
    expect(drawTest(bank, 30, 42)).toEqual(drawTest(bank, 30, 42));
    expect(drawTest(bank, 30, 'attempt-7f3a')).toEqual(drawTest(bank, 30, 'attempt-7f3a'));
    expect(drawTest(bank, 30, 1).items).not.toEqual(drawTest(bank, 30, 2).items);
  });

  it.each([1, 2, 3, 99, 2024, 'abc'])('seed %s: 30 items, easier first, every level and skill covered', (seed) => {
    const test = drawTest(bank, undefined, seed);
    expect(test.items).toHaveLength(30);
    expect(new Set(test.items.map((i) => i.id)).size).toBe(30);
    expect(test.meta.map((m) => m.id)).toEqual(test.items.map((i) => i.id));

    const ranks = test.meta.map((m) => rank(bank, m.level));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(test.meta.map((m) => m.level))).toEqual(new Set(bank.bands.map((b) => b.id)));

    // Even share per level, and every level covers every skill.
    const per = 30 / bank.bands.length;
    for (const band of bank.bands) {
      const inBand = test.meta.filter((m) => m.level === band.id);
      expect(inBand.length, band.id).toBe(per);
      expect(new Set(inBand.map((m) => m.skill)), band.id).toEqual(new Set(SKILLS));
    }
    // The whole test stays balanced across skills.
    for (const skill of SKILLS) {
      const n = test.meta.filter((m) => m.skill === skill).length;
      expect(n, skill).toBeGreaterThanOrEqual(9);
      expect(n, skill).toBeLessThanOrEqual(11);
    }
  });

  it('shuffles the options and keys the correct one after shuffling', () => {
    const byId = new Map(bank.items.map((i) => [i.id, i]));
    let moved = 0;
    for (const seed of [5, 6, 7]) {
      const test = drawTest(bank, 30, seed);
      for (const pub of test.items) {
        const original = byId.get(pub.id);
        if (!original) throw new Error(`unknown id ${pub.id}`);
        expect([...pub.options].sort()).toEqual([...original.options].sort());
        const k = test.key[pub.id];
        expect(k).toBeTypeOf('number');
        expect(pub.options[k as number]).toBe(original.options[original.answer]);
        if (pub.options.join('|') !== original.options.join('|')) moved++;
      }
    }
    expect(moved).toBeGreaterThan(60);
  });

  it('sends the browser no answer and no level', () => {
    for (const seed of [1, 2, 3]) {
      const { items } = drawTest(bank, 30, seed);
      const json = JSON.stringify(items);
      expect(json).not.toMatch(/"answer"/);
      expect(json).not.toMatch(/"level"/);
      for (const item of items) expect(Object.keys(item).sort()).toEqual(
        item.passage === undefined ? ['id', 'options', 'prompt', 'skill'] : ['id', 'options', 'passage', 'prompt', 'skill'],
      );
    }
  });

  it('honours other counts and never draws more than the bank holds', () => {
    expect(drawTest(bank, 12, 9).items).toHaveLength(12);
    const odd = drawTest(bank, 31, 9);
    expect(odd.items).toHaveLength(31);
    expect(new Set(odd.meta.map((m) => m.level)).size).toBe(bank.bands.length);
    expect(drawTest(bank, 10_000, 9).items).toHaveLength(bank.items.length);
    expect(() => drawTest(bank, 0, 9)).toThrow(RangeError);
    expect(() => drawTest(bank, 2.5, 9)).toThrow(RangeError);
  });
});

describe('toPublicItem', () => {
  it('strips the answer and the level and copies the options', () => {
    const item = EN_BANK.items.find((i) => i.skill === 'reading');
    if (!item) throw new Error('no reading item');
    const pub = toPublicItem(item);
    expect(pub).toEqual({ id: item.id, skill: item.skill, prompt: item.prompt, passage: item.passage, options: [...item.options] });
    expect('answer' in pub).toBe(false);
    expect('level' in pub).toBe(false);
    expect(pub.options).not.toBe(item.options);
  });
});

describe('rng and shuffle', () => {
  it('are deterministic and keep every element', () => {
    const a = createRng(7);
    const b = createRng(7);
    for (let i = 0; i < 100; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    const list = [...Array(20).keys()];
    const out = shuffle(list, createRng('s'));
    expect([...out].sort((x, y) => x - y)).toEqual(list);
    expect(out).not.toEqual(list);
  });
});

describe('exposure control (pickItems with counts) and tests rebuilt from stored ids (testFromIds)', () => {
  it('takes the least-shown items of every band and skill first, at random among equals', () => {
    // Everything shown 5 times except one chosen item per band and skill.
    const fresh = new Set<string>();
    for (const band of KK_BANK.bands) {
      for (const skill of SKILLS) {
        const first = KK_BANK.items.find((i) => i.level === band.id && i.skill === skill);
        if (first) fresh.add(first.id);
      }
    }
    const exposure = new Map(KK_BANK.items.map((i) => [i.id, fresh.has(i.id) ? 0 : 5]));
    for (const seed of [1, 2, 3]) {
      const ids = pickItems(KK_BANK, 30, createRng(seed), exposure).map((i) => i.id);
      for (const id of fresh) expect(ids, id).toContain(id);
    }
    // Among equally shown items the choice still varies with the seed.
    const even = new Map(KK_BANK.items.map((i) => [i.id, 1]));
    expect(pickItems(KK_BANK, 30, createRng(1), even).map((i) => i.id)).not.toEqual(pickItems(KK_BANK, 30, createRng(2), even).map((i) => i.id));
  });

  it('rebuilds the same test from the same ids and seed, in the stored order, with a correct key', () => {
    const ids = pickItems(KK_BANK, 30, createRng(7)).map((i) => i.id);
    const a = testFromIds(KK_BANK, ids, 'seed-x');
    expect(testFromIds(KK_BANK, ids, 'seed-x')).toEqual(a);
    expect(a.items.map((i) => i.id)).toEqual(ids);
    for (const item of a.items) {
      const full = KK_BANK.items.find((x) => x.id === item.id)!;
      expect(item.options[a.key[item.id]!]).toBe(full.options[full.answer]);
    }
    expect(testFromIds(KK_BANK, [...ids, 'kk-g-999'], 'seed-x').items).toHaveLength(30); // unknown ids are left out
  });
});
