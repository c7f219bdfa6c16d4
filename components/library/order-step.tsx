'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CheckButton, Prompt, Verdict } from './parts';
import type { ExerciseProps } from './types';

const chip = 'min-h-11 rounded-lg border px-3 py-1.5 text-base disabled:opacity-60';

/**
 * Word order: tap (or Enter / Space on) a word to add it to the sentence, tap a word of the sentence
 * to put it back. Words are buttons, so the keyboard reaches each; the sentence so far is announced.
 */
export function OrderStep({ step, verdict, readOnly, pending, onAnswer, showKey }: ExerciseProps<'order'>) {
  const t = useTranslations('Exercises');
  const id = useId();
  // Indexes into step.tokens: a word may appear twice, so positions, not texts, are moved.
  const [placed, setPlaced] = useState<number[]>([]);
  const key = verdict?.checkedBy === 'server' ? (verdict.key as string) : null;
  const locked = readOnly || pending || !!verdict;
  const left = step.tokens.map((_, i) => i).filter((i) => !placed.includes(i));
  const sentence = placed.map((i) => step.tokens[i]).join(' ');
  return (
    <form
      data-kind="order"
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked) onAnswer(placed.map((i) => step.tokens[i]));
      }}
    >
      <Prompt text={step.prompt} id={`${id}-prompt`} />
      <p id={`${id}-sentence-label`} className="mt-3 text-sm text-muted">
        {t('orderSentence')}
      </p>
      <div
        role="group"
        aria-labelledby={`${id}-sentence-label`}
        className={`mt-1 flex min-h-14 flex-wrap gap-2 rounded-xl border-2 border-dashed p-2 ${key !== null && !showKey ? (verdict?.correct ? 'border-mint' : 'border-danger') : 'border-line'}`}
        data-testid="order-sentence"
      >
        {placed.map((i, pos) => (
          <button
            key={i}
            type="button"
            disabled={locked}
            aria-label={t('orderRemove', { word: step.tokens[i] ?? '', n: pos + 1 })}
            onClick={() => setPlaced((p) => p.filter((x) => x !== i))}
            className={`${chip} border-brand-dark bg-brand-tint`}
          >
            {step.tokens[i]}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {sentence}
      </p>
      <p id={`${id}-bank-label`} className="mt-3 text-sm text-muted">
        {t('orderWords')}
      </p>
      <div role="group" aria-labelledby={`${id}-bank-label`} className="mt-1 flex min-h-14 flex-wrap gap-2" data-testid="order-bank">
        {left.map((i) => (
          <button key={i} type="button" disabled={locked} onClick={() => setPlaced((p) => [...p, i])} className={`${chip} border-line bg-white`}>
            {step.tokens[i]}
          </button>
        ))}
      </div>
      {readOnly || verdict ? null : <CheckButton pending={pending} disabled={!!verdict || left.length > 0} />}
      <Verdict verdict={verdict} showKey={showKey} keyText={key ?? undefined} />
    </form>
  );
}
