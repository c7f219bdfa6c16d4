import type { Step } from './format';

/**
 * The editor's step ids (docs/library.md "The author's duty that follows"): a step's id is its
 * students' progress key, so it is kept while the step asks the same thing (a typo fixed in a prompt,
 * an option's spelling) and replaced when what it asks or its key changes: the kind, the key (the
 * table's "Its key" column) or the shape of the question (how many options, gaps, pairs).
 */

/** A new id for a step of this kind: the kind and six random letters or digits. */
export function newStepId(kind: string, random: () => number = Math.random): string {
  const letters = Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('');
  return `${kind}-${letters}`;
}

/** What a step asks and its key: two steps with the same signature may share an id. */
export function askSignature(step: Step): string {
  switch (step.kind) {
    case 'choice':
      return JSON.stringify({ kind: step.kind, options: step.options.length, answer: step.answer });
    case 'listening':
      return JSON.stringify({ kind: step.kind, options: step.options.length, answer: step.answer, transcript: step.transcript ?? null, audio: step.audio });
    case 'gap':
      return JSON.stringify({ kind: step.kind, answer: step.answer });
    case 'matching':
      return JSON.stringify({ kind: step.kind, pairs: step.pairs });
    case 'order':
      return JSON.stringify({ kind: step.kind, answer: step.answer, accept: step.accept ?? [] });
    default:
      // Reading steps and the tutor's kinds have no key: their id changes only with their kind.
      return JSON.stringify({ kind: step.kind });
  }
}

/**
 * The steps as saved: a step whose kind, key or shape changed since it was loaded gets a new id; an
 * id that would repeat one of the unit's gets a new one too. `original` is the step as loaded (by id).
 */
export function settleStepIds(steps: Step[], original: ReadonlyMap<string, Step>, random: () => number = Math.random): Step[] {
  const seen = new Set<string>();
  return steps.map((step) => {
    const before = original.get(step.id);
    let id = step.id;
    if (before && askSignature(before) !== askSignature(step)) id = newStepId(step.kind, random);
    while (seen.has(id)) id = newStepId(step.kind, random);
    seen.add(id);
    return id === step.id ? step : { ...step, id };
  });
}
