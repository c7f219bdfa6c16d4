import { describe, expect, it } from 'vitest';
import { checkAnswer, normaliseTyped, publicStep, scrambled } from './check';
import { stepSchema, STEP_KINDS_IN_FORMAT, type Step } from './format';

const L = (s: string) => ({ ru: s, kk: s, en: s });
/** One step of every kind, each with a key a leak would show. */
const STEPS: Step[] = [
  { kind: 'text', id: 'read', body: 'Hi! I am Aruzhan.' },
  { kind: 'words', id: 'words', words: [{ id: 'hello', word: 'hello', translation: { ru: 'привет', kk: 'сәлем', en: 'a greeting' } }] },
  { kind: 'grammar', id: 'be', title: L('to be'), body: L('I am, you are') },
  { kind: 'choice', id: 'c1', prompt: L('Choose'), question: 'I ___ a student.', options: ['is', 'am', 'are'], answer: 1 },
  { kind: 'gap', id: 'g1', prompt: L('Type'), text: 'Мен ___ барамын.', answer: [['мектепке', 'сабаққа']] },
  { kind: 'matching', id: 'm1', prompt: L('Match'), pairs: [['mother', 'father'], ['sister', 'brother'], ['daughter', 'son']] },
  { kind: 'order', id: 'o1', prompt: L('Order'), answer: 'She goes to work by bus', accept: ['By bus she goes to work'] },
  { kind: 'listening', id: 'l1', prompt: L('Listen'), audio: 'a1.mp3', transcript: 'Tom is from London.', question: 'Where is Tom from?', options: ['Paris', 'London'], answer: 1 },
  { kind: 'writing', id: 'w1', prompt: L('Write'), task: 'Introduce yourself.', minWords: 15 },
  { kind: 'speaking', id: 's1', prompt: L('Speak'), task: 'Say hello.', seconds: 60 },
].map((s) => stepSchema.parse(s));

describe('publicStep: what a student receives before answering', () => {
  it('covers every kind of the format', () => {
    expect(new Set(STEPS.map((s) => s.kind))).toEqual(new Set(STEP_KINDS_IN_FORMAT));
  });

  it('never carries a key: no answer, accepted orders, transcript or pairs, on any kind', () => {
    for (const step of STEPS) {
      const shown = publicStep(step) as Record<string, unknown>;
      for (const field of ['answer', 'accept', 'transcript', 'pairs']) expect(shown, `${step.kind}.${field}`).not.toHaveProperty(field);
    }
    const json = JSON.stringify(STEPS.map(publicStep));
    for (const secret of ['мектепке', 'сабаққа', 'Tom is from London', 'She goes to work by bus', 'By bus she goes to work']) expect(json).not.toContain(secret);
  });

  it('shows the matching column and the sentence in an order that is not the key, the same on every call', () => {
    const m = publicStep(STEPS[5]!) as { left: string[]; right: string[] };
    expect(m.left).toEqual(['mother', 'sister', 'daughter']);
    expect(m.right).not.toEqual(['father', 'brother', 'son']);
    expect([...m.right].sort()).toEqual(['brother', 'father', 'son']);
    const o = publicStep(STEPS[6]!) as { tokens: string[] };
    expect(o.tokens.join(' ')).not.toBe('She goes to work by bus');
    expect([...o.tokens].sort()).toEqual(['She', 'bus', 'by', 'goes', 'to', 'work']);
    expect(publicStep(STEPS[6]!)).toEqual(o);
  });

  it('scrambles any list of two or more different items away from its own order', () => {
    for (let n = 2; n <= 8; n++) {
      const items = Array.from({ length: n }, (_, i) => `w${i}`);
      for (const seed of ['a', 'b', 'order-1', 'm1', 'x-y-z']) expect(scrambled(items, seed)).not.toEqual(items);
    }
  });

  it('keeps reading steps whole: they hold no key', () => {
    for (const step of STEPS.slice(0, 3)) expect(publicStep(step)).toEqual(step);
  });
});

describe('checkAnswer', () => {
  const [, , , choice, gap, matching, order, listening, writing, speaking] = STEPS as [Step, Step, Step, Step, Step, Step, Step, Step, Step, Step];

  it('choice and listening: the option by its number', () => {
    expect(checkAnswer(choice, 1)).toMatchObject({ checkedBy: 'server', correct: true, key: 1 });
    expect(checkAnswer(choice, 0)).toMatchObject({ correct: false, key: 1 });
    expect(checkAnswer(choice, 7)).toMatchObject({ correct: false });
    expect(checkAnswer(listening, 1)).toMatchObject({ correct: true });
  });

  it('gap fill: any accepted answer, typed as people type', () => {
    expect(checkAnswer(gap, ['  Мектепке. '])).toMatchObject({ correct: true, gaps: [true], key: ['мектепке'] });
    expect(checkAnswer(gap, ['сабаққа'])).toMatchObject({ correct: true });
    expect(checkAnswer(gap, ['мектепке', 'extra'])).toMatchObject({ correct: false });
    expect(checkAnswer(gap, ['мектепка'])).toMatchObject({ correct: false });
    expect(checkAnswer(gap, 'мектепке')).toMatchObject({ correct: false });
  });

  it('matching: the right item for each left one', () => {
    expect(checkAnswer(matching, ['father', 'brother', 'son'])).toMatchObject({ correct: true });
    expect(checkAnswer(matching, ['brother', 'father', 'son'])).toMatchObject({ correct: false });
  });

  it('word order: the sentence or an accepted other order', () => {
    expect(checkAnswer(order, ['She', 'goes', 'to', 'work', 'by', 'bus'])).toMatchObject({ correct: true });
    expect(checkAnswer(order, ['By', 'bus', 'she', 'goes', 'to', 'work'])).toMatchObject({ correct: true });
    expect(checkAnswer(order, ['She', 'goes', 'by', 'bus', 'to', 'work'])).toMatchObject({ correct: false });
  });

  it('writing and speaking go to a tutor', () => {
    expect(checkAnswer(writing, 'I am Dana.')).toEqual({ checkedBy: 'tutor', correct: null });
    expect(checkAnswer(speaking, 'rec1.webm')).toEqual({ checkedBy: 'tutor', correct: null });
  });
});

describe('normaliseTyped: the gap-fill rules (docs/library.md)', () => {
  it.each([
    ['  I   AM  ', 'i am'],
    ['Ёлка', 'елка'],
    ['don’t', "don't"],
    ['dontʼ', "dont'"],
    ['Hello!', 'hello'],
    ['Wait...', 'wait'],
    // A keyboard without the Kazakh layout: Latin i for і in a Cyrillic word; Latin lookalikes too.
    ['мектепке', 'мектепке'],
    ['бiз', 'біз'],
    ['coз', 'соз'],
    // Kazakh letters are never folded to Russian ones; Latin words stay Latin.
    ['әке', 'әке'],
    ['ұл', 'ұл'],
    ['hi', 'hi'],
  ])('%s → %s', (typed, out) => expect(normaliseTyped(typed)).toBe(out));

  it('keeps Kazakh letters apart from their Russian neighbours', () => {
    for (const [kk, ru] of [['ә', 'а'], ['ө', 'о'], ['ү', 'у'], ['ұ', 'у'], ['қ', 'к'], ['ғ', 'г'], ['ң', 'н'], ['һ', 'х'], ['і', 'и']]) expect(normaliseTyped(kk!)).not.toBe(normaliseTyped(ru!));
  });
});
