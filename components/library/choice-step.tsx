'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { AudioPlayer, CheckButton, Prompt, Verdict } from './parts';
import type { ExerciseProps } from './types';

/** One right option of several (choice; listening adds its audio above the question): native radios, so arrows and Space work. */
export function ChoiceStep(props: ExerciseProps<'choice'> | ExerciseProps<'listening'>) {
  const { step, verdict, readOnly, pending, onAnswer, audioSrc, showKey } = props;
  const t = useTranslations('Exercises');
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const key = verdict?.checkedBy === 'server' ? (verdict.key as number) : null;
  const locked = readOnly || pending || !!verdict;
  return (
    <form
      data-kind={step.kind}
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen !== null && !locked) onAnswer(chosen);
      }}
    >
      <Prompt text={step.prompt} id={`${id}-prompt`} />
      {step.kind === 'listening' ? <AudioPlayer name={step.audio} src={audioSrc} label={t('listen')} /> : null}
      <fieldset className="mt-3" aria-describedby={`${id}-prompt`}>
        <legend className="text-lg">{step.question}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {step.options.map((option, i) => {
            const mark = key === null ? '' : i === key ? 'border-mint bg-[#e7f8f3]' : i === chosen ? 'border-danger bg-[#fdecec]' : '';
            return (
              <label key={i} className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-2 has-[:focus-visible]:outline-3 ${mark}`}>
                <input type="radio" name={`${id}-option`} value={i} checked={chosen === i} disabled={locked} onChange={() => setChosen(i)} className="size-5" />
                <span>{option}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {readOnly || verdict ? null : <CheckButton pending={pending} disabled={chosen === null || !!verdict} />}
      <Verdict verdict={verdict} showKey={showKey} keyText={key !== null ? step.options[key] : undefined} />
    </form>
  );
}
