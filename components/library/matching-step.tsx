'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CheckButton, Prompt, Verdict } from './parts';
import type { ExerciseProps } from './types';

/** Matching: for each left item a select of the right column (in an order that is not the key); the key's pairs after the check. */
export function MatchingStep({ step, verdict, readOnly, pending, onAnswer, showKey }: ExerciseProps<'matching'>) {
  const t = useTranslations('Exercises');
  const id = useId();
  const [chosen, setChosen] = useState<string[]>(() => step.left.map(() => ''));
  const key = verdict?.checkedBy === 'server' ? (verdict.key as [string, string][]) : null;
  const locked = readOnly || pending || !!verdict;
  return (
    <form
      data-kind="matching"
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked) onAnswer(chosen);
      }}
    >
      <Prompt text={step.prompt} id={`${id}-prompt`} />
      <ul className="mt-3 flex flex-col gap-2" aria-describedby={`${id}-prompt`}>
        {step.left.map((left, i) => {
          const right = key?.[i]?.[1];
          const mark = key && !showKey ? (chosen[i] === right ? 'border-mint' : 'border-danger') : 'border-line';
          return (
            <li key={left} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] items-center gap-3">
              <label htmlFor={`${id}-${i}`} className="font-medium break-words">
                {left}
              </label>
              <select
                id={`${id}-${i}`}
                value={chosen[i]}
                disabled={locked}
                onChange={(e) => setChosen((c) => c.map((x, j) => (j === i ? e.target.value : x)))}
                className={`min-h-11 w-full rounded-lg border bg-white px-2 ${mark}`}
              >
                <option value="">{t('choose')}</option>
                {step.right.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {readOnly || verdict ? null : <CheckButton pending={pending} disabled={!!verdict || chosen.some((c) => !c)} />}
      <Verdict verdict={verdict} showKey={showKey} keyText={key ? key.map(([l, r]) => `${l} — ${r}`).join('; ') : undefined} />
    </form>
  );
}
