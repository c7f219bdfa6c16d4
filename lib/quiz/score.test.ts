import { describe, expect, it } from 'vitest';
import { EN_BANK } from './bank-en';
import { KK_BANK } from './bank-kk';
import { drawTest, type DrawnTest } from './draw';
import { scoreTest } from './score';
import { SKILLS, type Answers, type ItemMeta, type KeyMap } from './types';

type DrawnTestLike = Pick<DrawnTest, 'key' | 'meta'>;

/** Answers that get exactly `rightPerLevel[level]` items of each level right (the rest wrong or skipped). */
function answerProfile(test: DrawnTestLike, rightPerLevel: Record<string, number>, rest: 'wrong' | 'skip' = 'wrong'): Answers {
  const used = new Map<string, number>();
  const answers: Answers = {};
  for (const m of test.meta) {
    const n = used.get(m.level) ?? 0;
    const k = test.key[m.id] as number;
    if (n < (rightPerLevel[m.level] ?? 0)) {
      answers[m.id] = k;
      used.set(m.level, n + 1);
    } else {
      answers[m.id] = rest === 'skip' ? null : (k + 1) % 3;
    }
  }
  return answers;
}

const allRight = (test: DrawnTestLike): Answers => Object.fromEntries(test.meta.map((m) => [m.id, test.key[m.id] as number]));

describe('scoreTest on a drawn English test', () => {
  const test = drawTest(EN_BANK, 30, 'score-en');

  it('all right → Advanced (C1)', () => {
    const s = scoreTest(test.key, allRight(test), test.meta);
    expect(s).toMatchObject({ correct: 30, wrong: 0, unanswered: 0, total: 30, level: 'advanced', levelName: 'Advanced', cefr: 'C1', levelReached: true, earlyFinish: false });
  });

  it('all wrong → Beginner (A1-)', () => {
    const s = scoreTest(test.key, answerProfile(test, {}), test.meta);
    expect(s).toMatchObject({ correct: 0, wrong: 30, unanswered: 0, level: 'beginner', levelName: 'Beginner', cefr: 'A1-', levelReached: false, earlyFinish: false });
  });

  it('a middle profile: strong up to B1, weak above → Intermediate (B1)', () => {
    const answers = answerProfile(test, { beginner: 5, elementary: 5, 'pre-intermediate': 4, intermediate: 3, 'upper-intermediate': 2, advanced: 1 });
    const s = scoreTest(test.key, answers, test.meta);
    expect(s).toMatchObject({ correct: 20, wrong: 10, level: 'intermediate', cefr: 'B1', levelReached: true });
  });

  it('a lucky high band does not lift the level over a failed lower band', () => {
    // 3/5 at B2 by luck, but only 2/5 at B1: B2 is not reached; A2 is.
    const answers = answerProfile(test, { beginner: 5, elementary: 5, 'pre-intermediate': 4, intermediate: 2, 'upper-intermediate': 3, advanced: 0 });
    expect(scoreTest(test.key, answers, test.meta)).toMatchObject({ level: 'pre-intermediate', cefr: 'A2' });
  });

  it('per-skill and per-level counts add up', () => {
    const answers = answerProfile(test, { beginner: 4, elementary: 3, 'pre-intermediate': 3, intermediate: 1 });
    const s = scoreTest(test.key, answers, test.meta);
    const skillTotal = SKILLS.reduce((n, k) => n + s.perSkill[k].total, 0);
    const skillCorrect = SKILLS.reduce((n, k) => n + s.perSkill[k].correct, 0);
    expect(skillTotal).toBe(30);
    expect(skillCorrect).toBe(s.correct);
    expect(s.correct + s.wrong + s.unanswered).toBe(s.total);
    const levels = Object.values(s.perLevel) as { correct: number; total: number }[];
    expect(levels.reduce((n, t) => n + t.total, 0)).toBe(30);
    expect(levels.reduce((n, t) => n + t.correct, 0)).toBe(11);
    for (const skill of SKILLS) expect(s.perSkill[skill].total).toBe(test.meta.filter((m) => m.skill === skill).length);
  });

  it('flags an early finish and counts skipped items as not right', () => {
    const answers = answerProfile(test, { beginner: 5, elementary: 5, 'pre-intermediate': 5 }, 'skip');
    const s = scoreTest(test.key, answers, test.meta);
    expect(s).toMatchObject({ correct: 15, wrong: 0, unanswered: 15, earlyFinish: true, level: 'pre-intermediate' });

    const missing = allRight(test);
    delete missing[test.meta[29]!.id];
    expect(scoreTest(test.key, missing, test.meta)).toMatchObject({ unanswered: 1, earlyFinish: true, level: 'advanced' });
  });

  it('treats an out-of-range or foreign answer as wrong and ignores answers to items not in the test', () => {
    const answers: Answers = { ...allRight(test), [test.meta[0]!.id]: 99, 'en-g-999': 0 };
    expect(scoreTest(test.key, answers, test.meta)).toMatchObject({ correct: 29, wrong: 1, total: 30 });
  });
});

describe('scoreTest on a drawn Kazakh test', () => {
  const test = drawTest(KK_BANK, 30, 'score-kk');

  it('all right → C1, all wrong → A1 not reached, middle → B1', () => {
    expect(scoreTest(test.key, allRight(test), test.meta)).toMatchObject({ level: 'C1', cefr: 'C1', levelName: 'Жоғары деңгей', correct: 30 });
    expect(scoreTest(test.key, answerProfile(test, {}), test.meta)).toMatchObject({ level: 'A1', cefr: 'A1', levelReached: false, correct: 0 });
    // 6 items a level: 4/6 = 67% passes, 3/6 = 50% is enough below.
    const middle = answerProfile(test, { A1: 6, A2: 3, B1: 4, B2: 2, C1: 1 });
    expect(scoreTest(test.key, middle, test.meta)).toMatchObject({ level: 'B1', cefr: 'B1', levelName: 'Орта деңгей', levelReached: true });
  });

  it('uses the Kazakh ladder when asked explicitly, and refuses mixed or broken input', () => {
    expect(scoreTest({}, {}, [], 'kk')).toMatchObject({ level: 'A1', total: 0, levelReached: false, earlyFinish: false });
    expect(() => scoreTest({}, {}, [])).toThrow();
    const meta: ItemMeta[] = [{ id: 'x', skill: 'grammar', level: 'B1' }];
    expect(() => scoreTest({}, {}, meta)).toThrow(/no key/);
    expect(() => scoreTest({ x: 0 }, {}, [{ id: 'x', skill: 'grammar', level: 'intermediate' }], 'kk')).toThrow(/not a kk band/);
    expect(() => scoreTest({ x: 0 } as KeyMap, {}, [...meta, ...meta])).toThrow(/twice/);
  });
});

describe('the level rule at its edges (hand-made tests)', () => {
  const make = (perLevel: Record<string, [number, number]>) => {
    const meta: ItemMeta[] = [];
    const key: KeyMap = {};
    const answers: Answers = {};
    for (const [level, [right, total]] of Object.entries(perLevel)) {
      for (let i = 0; i < total; i++) {
        const id = `${level}-${i}`;
        meta.push({ id, level: level as ItemMeta['level'], skill: SKILLS[i % 3]! });
        key[id] = 1;
        answers[id] = i < right ? 1 : 0;
      }
    }
    return scoreTest(key, answers, meta, 'en');
  };

  it('60% reaches a band, just under does not', () => {
    expect(make({ beginner: [5, 5], elementary: [3, 5] }).level).toBe('elementary');
    expect(make({ beginner: [5, 5], elementary: [2, 5] }).level).toBe('beginner');
    expect(make({ beginner: [10, 10], elementary: [6, 10] }).level).toBe('elementary');
    expect(make({ beginner: [10, 10], elementary: [5, 10] }).level).toBe('beginner');
  });

  it('lower bands need 50%', () => {
    expect(make({ beginner: [5, 10], elementary: [10, 10], 'pre-intermediate': [6, 10] }).level).toBe('pre-intermediate');
    expect(make({ beginner: [4, 10], elementary: [10, 10], 'pre-intermediate': [6, 10] }).level).toBe('beginner');
  });

  it('a band missing from the test neither blocks nor counts', () => {
    expect(make({ beginner: [5, 5], 'pre-intermediate': [4, 5] }).level).toBe('pre-intermediate');
  });
});
