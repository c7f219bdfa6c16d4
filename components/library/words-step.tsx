'use client';

import { useLocale, useTranslations } from 'next-intl';
import { AudioPlayer } from './parts';
import type { StepOfKind } from './types';
import { pick } from './types';

/** New words: each with its translation in the student's language, an example and its audio when there is one. */
export function WordsStep({ step, audioSrc }: { step: StepOfKind<'words'>; audioSrc?: (name: string) => string | undefined }) {
  const locale = useLocale();
  const t = useTranslations('Exercises');
  return (
    <section data-kind="words">
      <h3 className="text-lg font-semibold">{t('newWords')}</h3>
      <ul className="mt-2 flex flex-col divide-y divide-line">
        {step.words.map((w) => (
          <li key={w.id} className="py-3">
            <p>
              <span className="font-semibold">{w.word}</span> — {pick(w.translation, locale)}
            </p>
            {w.example ? <p className="mt-1 text-sm text-muted">{w.example}</p> : null}
            {w.audio ? <AudioPlayer name={w.audio} src={audioSrc} label={t('listenWord', { word: w.word })} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
