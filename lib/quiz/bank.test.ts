import { describe, expect, it } from 'vitest';
import { EN_BANK } from './bank-en';
import { KK_BANK } from './bank-kk';
import { EN_TEST_INSTRUCTIONS, KK_TEST_INSTRUCTIONS } from './instructions';
import { SKILLS, type QuizBank } from './types';

const KAZAKH_LETTERS = /[әғқңөұүһіӘҒҚҢӨҰҮҺІ]/;
const itemText = (item: QuizBank['items'][number]) => [item.prompt, item.passage ?? '', ...item.options].join(' ');

function counts(bank: QuizBank) {
  const byLevel = new Map<string, number>();
  const bySkill = new Map<string, number>();
  const byCell = new Map<string, number>();
  for (const item of bank.items) {
    byLevel.set(item.level, (byLevel.get(item.level) ?? 0) + 1);
    bySkill.set(item.skill, (bySkill.get(item.skill) ?? 0) + 1);
    byCell.set(`${item.level}/${item.skill}`, (byCell.get(`${item.level}/${item.skill}`) ?? 0) + 1);
  }
  return { byLevel, bySkill, byCell };
}

describe.each([
  ['English', EN_BANK, 66, 'en'],
  ['Kazakh', KK_BANK, 240, 'kk'],
] as const)('%s bank', (_name, bank, minimum, prefix) => {
  it(`holds at least ${minimum} items, balanced across levels and skills`, () => {
    expect(bank.items.length).toBeGreaterThanOrEqual(minimum);
    const { byLevel, bySkill, byCell } = counts(bank);
    const perLevel = bank.items.length / bank.bands.length;
    const perSkill = bank.items.length / SKILLS.length;
    for (const band of bank.bands) {
      expect(byLevel.get(band.id) ?? 0, band.id).toBeGreaterThanOrEqual(Math.floor(perLevel) - 1);
      expect(byLevel.get(band.id) ?? 0, band.id).toBeLessThanOrEqual(Math.ceil(perLevel) + 1);
      for (const skill of SKILLS) expect(byCell.get(`${band.id}/${skill}`) ?? 0, `${band.id}/${skill}`).toBeGreaterThanOrEqual(3);
    }
    for (const skill of SKILLS) {
      expect(bySkill.get(skill) ?? 0, skill).toBeGreaterThanOrEqual(Math.floor(perSkill) - 2);
      expect(bySkill.get(skill) ?? 0, skill).toBeLessThanOrEqual(Math.ceil(perSkill) + 2);
    }
    expect(new Set(bank.items.map((i) => i.level))).toEqual(new Set(bank.bands.map((b) => b.id)));
  });

  it('has well-formed items: 3-4 distinct options, a valid answer index, stable ids', () => {
    for (const item of bank.items) {
      expect(item.options.length, item.id).toBeGreaterThanOrEqual(3);
      expect(item.options.length, item.id).toBeLessThanOrEqual(4);
      const normalised = item.options.map((o) => o.trim().toLowerCase());
      expect(new Set(normalised).size, item.id).toBe(item.options.length);
      for (const o of item.options) expect(o.trim(), item.id).not.toBe('');
      expect(Number.isInteger(item.answer), item.id).toBe(true);
      expect(item.answer, item.id).toBeGreaterThanOrEqual(0);
      expect(item.answer, item.id).toBeLessThan(item.options.length);
      expect(item.id).toMatch(new RegExp(`^${prefix}-[gvr]-\\d{3}$`));
      expect(item.id.charAt(prefix.length + 1), item.id).toBe(item.skill.charAt(0));
      expect(item.prompt.trim(), item.id).not.toBe('');
    }
  });

  it('has no duplicate ids or prompts', () => {
    const ids = bank.items.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const prompts = bank.items.map((i) => i.prompt.trim().toLowerCase());
    expect(new Set(prompts).size).toBe(prompts.length);
    const passages = bank.items.flatMap((i) => (i.passage ? [i.passage] : []));
    expect(new Set(passages).size).toBe(passages.length);
  });

  it('gives every reading item a short passage, and only reading items', () => {
    for (const item of bank.items) {
      if (item.skill === 'reading') {
        expect(item.passage, item.id).toBeTruthy();
        const sentences = (item.passage ?? '').split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
        expect(sentences.length, item.id).toBeGreaterThanOrEqual(2);
        expect(sentences.length, item.id).toBeLessThanOrEqual(5);
      } else {
        expect(item.passage, item.id).toBeUndefined();
      }
    }
  });

  it('marks gaps consistently: at most one ___ per prompt', () => {
    for (const item of bank.items) expect((item.prompt.match(/___/g) ?? []).length, item.id).toBeLessThanOrEqual(1);
    for (const item of bank.items.filter((i) => i.skill === 'grammar')) expect(item.prompt, item.id).toContain('___');
  });

  it('does not put the correct answer in the same position most of the time', () => {
    const positions = new Map<number, number>();
    for (const item of bank.items) positions.set(item.answer, (positions.get(item.answer) ?? 0) + 1);
    for (const n of positions.values()) expect(n / bank.items.length).toBeLessThanOrEqual(0.4);
    expect(positions.size).toBeGreaterThanOrEqual(3);
  });
});

describe('English bank', () => {
  it('is written in English only (no Cyrillic)', () => {
    for (const item of EN_BANK.items) expect(itemText(item), item.id).not.toMatch(/[\u0400-\u04FF]/);
  });

  it('names the six bands with their CEFR labels', () => {
    expect(EN_BANK.bands.map((b) => `${b.name} (${b.cefr})`)).toEqual([
      'Beginner (A1-)',
      'Elementary (A1)',
      'Pre-Intermediate (A2)',
      'Intermediate (B1)',
      'Upper-Intermediate (B2)',
      'Advanced (C1)',
    ]);
  });

  it('has instructions for every skill in ru, kk and en', () => {
    for (const locale of ['ru', 'kk', 'en'] as const)
      for (const skill of SKILLS) expect(EN_TEST_INSTRUCTIONS[locale][skill]).toBeTruthy();
  });
});

describe('Kazakh bank', () => {
  it('uses Kazakh-specific letters in most items', () => {
    const withLetters = KK_BANK.items.filter((item) => KAZAKH_LETTERS.test(itemText(item)));
    expect(withLetters.length / KK_BANK.items.length).toBeGreaterThanOrEqual(0.9);
  });

  it('is written in Cyrillic only (no Latin look-alikes, no ё)', () => {
    for (const item of KK_BANK.items) {
      expect(itemText(item), item.id).not.toMatch(/[A-Za-z]/);
      expect(itemText(item), item.id).not.toMatch(/[ёЁ]/);
    }
  });

  it('names the five ҚАЗТЕСТ levels', () => {
    expect(KK_BANK.bands.map((b) => `${b.cefr} ${b.name}`)).toEqual([
      'A1 Қарапайым деңгей',
      'A2 Базалық деңгей',
      'B1 Орта деңгей',
      'B2 Ортадан жоғары деңгей',
      'C1 Жоғары деңгей',
    ]);
  });

  it('has Kazakh instructions for every skill', () => {
    for (const skill of SKILLS) expect(KK_TEST_INSTRUCTIONS[skill]).toMatch(KAZAKH_LETTERS);
  });
});
