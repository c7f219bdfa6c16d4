import { z } from 'zod';
import { gapCount, tokensOf, type Step, type StepOf } from './format';

/**
 * Checking on the server (docs/library.md "Checking"). A student receives `publicStep(step)`, never
 * the step: the key (the correct option, the gaps' answers, the matching's order, the sentence's
 * order, a listening's transcript) stays here until `checkAnswer` has the student's answer.
 */

/** Lookalike Latin letters typed for Cyrillic ones (a keyboard without the Kazakh layout), in a Cyrillic word. */
const LATIN_TO_CYRILLIC: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', y: 'у', i: 'і', k: 'к', m: 'м', t: 'т', b: 'в', h: 'һ' };
const CYRILLIC = /[\u0400-\u04ff]/;

/**
 * A typed answer as it is compared: Unicode NFC, trimmed, inner spaces single, lower case, ё as е,
 * every apostrophe as ', the final . ! ? … dropped; in a word with Cyrillic letters, Latin lookalikes
 * become their Cyrillic letter (Latin i is Kazakh і). Kazakh letters are never folded: ә is not а.
 */
export function normaliseTyped(text: string): string {
  const base = text
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/[.!?\u2026]+$/u, '')
    .trim();
  return base
    .split(' ')
    .map((w) => (CYRILLIC.test(w) ? w.replace(/[a-z]/g, (ch) => LATIN_TO_CYRILLIC[ch] ?? ch) : w))
    .join(' ');
}

type AutoKind = 'choice' | 'gap' | 'matching' | 'order' | 'listening';
export type AutoStep = StepOf<AutoKind>;
export const isAutoStep = (s: Step): s is AutoStep => ['choice', 'gap', 'matching', 'order', 'listening'].includes(s.kind);
export const isExercise = (s: Step) => isAutoStep(s) || s.kind === 'writing' || s.kind === 'speaking';

/** What a student sends for each kind (the screens' contract). */
export function answerSchemaOf(step: Step) {
  switch (step.kind) {
    case 'choice':
    case 'listening':
      return z.number().int().min(0).max(step.options.length - 1);
    case 'gap':
      return z.array(z.string().max(200)).length(step.answer.length);
    case 'matching':
      return z.array(z.string().max(300)).length(step.pairs.length);
    case 'order':
      return z.array(z.string().max(300)).length(tokensOf(step.answer).length);
    case 'writing':
      return z.string().trim().min(1).max(5000);
    case 'speaking':
      return z.string().regex(/^[\w.-]{1,100}$/);
    default:
      return z.never();
  }
}

export type CheckResult =
  | { checkedBy: 'server'; correct: boolean; key: unknown; gaps?: boolean[] }
  | { checkedBy: 'tutor'; correct: null };

/** The server's verdict on an answer, with the key to show now that the student has answered. */
export function checkAnswer(step: Step, answer: unknown): CheckResult {
  const parsed = answerSchemaOf(step).safeParse(answer);
  switch (step.kind) {
    case 'choice':
    case 'listening':
      return { checkedBy: 'server', correct: parsed.success && parsed.data === step.answer, key: step.answer };
    case 'gap': {
      const given = parsed.success ? (parsed.data as string[]) : [];
      const gaps = step.answer.map((accepted, i) => given[i] !== undefined && accepted.some((a) => normaliseTyped(a) === normaliseTyped(given[i]!)));
      return { checkedBy: 'server', correct: gaps.every(Boolean), gaps, key: step.answer.map((a) => a[0]) };
    }
    case 'matching': {
      const given = parsed.success ? (parsed.data as string[]) : [];
      return { checkedBy: 'server', correct: step.pairs.every(([, right], i) => given[i] === right), key: step.pairs };
    }
    case 'order': {
      const given = parsed.success ? normaliseTyped((parsed.data as string[]).join(' ')) : null;
      const right = [step.answer, ...(step.accept ?? [])].map(normaliseTyped);
      return { checkedBy: 'server', correct: given !== null && right.includes(given), key: step.answer };
    }
    case 'writing':
    case 'speaking':
      return { checkedBy: 'tutor', correct: null };
    default:
      throw new Error(`checkAnswer: ${step.kind} is not an exercise`);
  }
}

/** A stable order that is not the given one (when the items allow): the step's id seeds it, so a reload shows the same order. */
export function scrambled<T>(items: readonly T[], seed: string): T[] {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
    const j = h % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  const same = out.every((v, i) => v === items[i]);
  const allEqual = items.every((v) => v === items[0]);
  return same && !allEqual ? [...out.slice(1), out[0]!] : out;
}

/** What a student may receive of a step before answering it: never its key. */
export function publicStep(step: Step) {
  switch (step.kind) {
    case 'text':
    case 'words':
    case 'grammar':
      return step;
    case 'choice':
      return { kind: step.kind, id: step.id, prompt: step.prompt, question: step.question, options: step.options };
    case 'listening':
      return { kind: step.kind, id: step.id, prompt: step.prompt, audio: step.audio, question: step.question, options: step.options };
    case 'gap':
      return { kind: step.kind, id: step.id, prompt: step.prompt, text: step.text, gaps: gapCount(step.text) };
    case 'matching':
      return {
        kind: step.kind,
        id: step.id,
        prompt: step.prompt,
        left: step.pairs.map((p) => p[0]),
        right: scrambled(step.pairs.map((p) => p[1]), step.id),
      };
    case 'order':
      return { kind: step.kind, id: step.id, prompt: step.prompt, tokens: scrambled(tokensOf(step.answer), step.id) };
    case 'writing':
      return { kind: step.kind, id: step.id, prompt: step.prompt, task: step.task, minWords: step.minWords };
    case 'speaking':
      return { kind: step.kind, id: step.id, prompt: step.prompt, task: step.task, seconds: step.seconds };
  }
}
export type PublicStep = ReturnType<typeof publicStep>;
