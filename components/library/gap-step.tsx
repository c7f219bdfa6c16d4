'use client';

import { Fragment, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CheckButton, Prompt, Verdict } from './parts';
import type { ExerciseProps } from './types';

const GAP = '___';

/** Gap fill: a text field in each gap, named "gap 1 of 3" for screen readers; each gap marked after the check. */
export function GapStep({ step, verdict, readOnly, pending, onAnswer, showKey }: ExerciseProps<'gap'>) {
  const t = useTranslations('Exercises');
  const id = useId();
  const [values, setValues] = useState<string[]>(() => Array.from({ length: step.gaps }, () => ''));
  const checked = verdict?.checkedBy === 'server' && !showKey ? verdict : null;
  const key = verdict?.checkedBy === 'server' ? (verdict.key as string[]) : null;
  const locked = readOnly || pending || !!verdict;
  const parts = step.text.split(GAP);
  return (
    <form
      data-kind="gap"
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked) onAnswer(values.map((v) => v.trim()));
      }}
    >
      <Prompt text={step.prompt} id={`${id}-prompt`} />
      <p className="mt-3 text-lg leading-[2.75rem]">
        {parts.map((part, i) => (
          <Fragment key={i}>
            {part}
            {i < parts.length - 1 ? (
              <input
                type="text"
                value={values[i] ?? ''}
                disabled={locked}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                aria-label={t('gapLabel', { n: i + 1, count: step.gaps })}
                aria-invalid={checked?.gaps ? !checked.gaps[i] : undefined}
                onChange={(e) => setValues((v) => v.map((x, j) => (j === i ? e.target.value : x)))}
                className={`mx-1 inline-block min-h-11 w-32 rounded-lg border px-2 align-middle ${checked?.gaps ? (checked.gaps[i] ? 'border-mint bg-[#e7f8f3]' : 'border-danger bg-[#fdecec]') : 'border-line'}`}
              />
            ) : null}
          </Fragment>
        ))}
      </p>
      {readOnly || verdict ? null : <CheckButton pending={pending} disabled={!!verdict || values.some((v) => !v.trim())} />}
      <Verdict verdict={verdict} showKey={showKey} keyText={key ? key.join(' · ') : undefined} />
    </form>
  );
}
