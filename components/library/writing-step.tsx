'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CheckButton, Prompt, Verdict } from './parts';
import type { ExerciseProps } from './types';

/** Words in a text as the count shows them: runs of letters and digits between spaces. */
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Writing: a text a tutor checks; the word count against the task's minimum, sent once it is reached. */
export function WritingStep({ step, verdict, readOnly, pending, tutorChecks = true, onAnswer }: ExerciseProps<'writing'>) {
  const t = useTranslations('Exercises');
  const id = useId();
  const [text, setText] = useState('');
  const count = wordCount(text);
  const min = step.minWords ?? 1;
  const locked = readOnly || pending || !!verdict;
  return (
    <form
      data-kind="writing"
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked && count >= min) onAnswer(text.trim());
      }}
    >
      <Prompt text={step.prompt} id={`${id}-prompt`} />
      <p className="mt-2 whitespace-pre-line">{step.task}</p>
      <label htmlFor={`${id}-text`} className="mt-3 block text-sm text-muted">
        {t('yourText')}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={6}
        maxLength={5000}
        disabled={locked}
        aria-describedby={`${id}-count`}
        onChange={(e) => setText(e.target.value)}
        className="mt-1 w-full rounded-lg border border-line p-3"
      />
      <p id={`${id}-count`} className={`text-sm ${count >= min ? 'text-muted' : 'text-ink'}`} aria-live="polite">
        {step.minWords ? t('wordCountMin', { count, min }) : t('wordCount', { count })}
      </p>
      {readOnly || verdict ? null : <CheckButton pending={pending} disabled={!!verdict || count < min} label={t(tutorChecks ? 'send' : 'save')} />}
      <Verdict verdict={verdict} tutorChecks={tutorChecks} />
    </form>
  );
}
