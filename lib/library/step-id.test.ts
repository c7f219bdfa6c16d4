import { describe, expect, it } from 'vitest';
import type { Step } from './format';
import { newStepId, settleStepIds } from './step-id';

const choice: Step = { kind: 'choice', id: 'be-i', prompt: { ru: 'Выберите', kk: 'Таңдаңыз', en: 'Choose' }, question: 'I ___ a student.', options: ['am', 'is', 'are'], answer: 0 };
const writing: Step = { kind: 'writing', id: 'about-me', prompt: { ru: 'Напишите', kk: 'Жазыңыз', en: 'Write' }, task: 'Introduce yourself.' };

describe('the editor keeps a step’s id while it asks the same thing', () => {
  const original = new Map([choice, writing].map((s) => [s.id, s]));

  it('a typo fixed keeps the id', () => {
    const fixed = settleStepIds([{ ...choice, question: 'I ___ a student!', options: ['am', 'is', 'arre'] }, { ...writing, task: 'Introduce yourself, please.' }], original);
    expect(fixed.map((s) => s.id)).toEqual(['be-i', 'about-me']);
  });

  it('a new key, another number of options or another kind gives a new id', () => {
    const changed = settleStepIds([{ ...choice, answer: 1 }, { ...choice, id: 'x', options: ['am', 'is'] }], new Map([...original, ['x', choice]]));
    expect(changed[0]!.id).not.toBe('be-i');
    expect(changed[0]!.id).toMatch(/^choice-[a-z0-9]{6}$/);
    expect(changed[1]!.id).not.toBe('x');
    const kind = settleStepIds([{ ...writing, kind: 'speaking' } as Step], original);
    expect(kind[0]!.id).not.toBe('about-me');
  });

  it('a repeated id is replaced, and new ids fit the format', () => {
    const twice = settleStepIds([choice, { ...choice }], original);
    expect(new Set(twice.map((s) => s.id)).size).toBe(2);
    expect(newStepId('gap')).toMatch(/^gap-[a-z0-9]{6}$/);
  });
});
