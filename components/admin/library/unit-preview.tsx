'use client';

import { NextIntlClientProvider, useTranslations, type AbstractIntlMessages } from 'next-intl';
import { useState } from 'react';
import { StepView } from '@/components/library/exercise-step';
import { checkAnswer, isExercise, publicStep } from '@/lib/library/check';
import { stepSchema, type Step } from '@/lib/library/format';
import { LANGS, type Localized } from './editor-parts';

type Lang = (typeof LANGS)[number];
/** The exercise components' messages (namespace Exercises) in each of the student's languages. */
export type ExerciseMessages = Record<Lang, AbstractIntlMessages>;

const audioSrc = (name: string) => (/^a-[\w-]{16}\.\w+$/.test(name) ? `/api/media/audio/${name}` : undefined);

/**
 * How a student sees the unit, in each of the student's languages: every step through the shared
 * exercise components (components/library/, read-only), as `publicStep` gives it to the student,
 * never its key; "Show the answers" shows each key as the key (the author's check). A step with
 * mistakes waits until it has none.
 */
export function UnitPreview({ title, steps, messages }: { title: Localized; steps: Step[]; messages: ExerciseMessages }) {
  const t = useTranslations('Admin.library.preview');
  const tl = useTranslations('Admin.library');
  const [lang, setLang] = useState<Lang>('ru');
  const [showKey, setShowKey] = useState(false);
  return (
    <div className="rounded-xl border border-line bg-white p-4" data-testid="unit-preview">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <div role="group" aria-label={t('language')} className="flex gap-1">
          {LANGS.map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={lang === l}
              onClick={() => setLang(l)}
              className="rounded-lg border border-line px-3 py-1 text-sm aria-pressed:border-brand-dark aria-pressed:bg-brand-tint aria-pressed:font-medium"
            >
              {tl(`langs.${l}`)}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={showKey} onChange={(e) => setShowKey(e.target.checked)} />
          {t('showKey')}
        </label>
      </div>
      <div lang={lang}>
        <h3 className="text-xl font-semibold">{title[lang] || '…'}</h3>
        <NextIntlClientProvider locale={lang} messages={messages[lang]}>
          <ol className="mt-3 space-y-4">
            {steps.map((s, i) => {
              const parsed = stepSchema.safeParse(s);
              return (
                <li key={`${i}-${s.id}-${showKey}`} className="rounded-lg border border-line p-3" data-testid={`preview-step-${i}`}>
                  {parsed.success ? (
                    <StepView
                      step={publicStep(parsed.data)}
                      readOnly
                      showKey={showKey}
                      verdict={showKey && isExercise(parsed.data) ? checkAnswer(parsed.data, null) : null}
                      audioSrc={audioSrc}
                    />
                  ) : (
                    <p className="text-sm text-muted">{t('incomplete')}</p>
                  )}
                </li>
              );
            })}
          </ol>
        </NextIntlClientProvider>
      </div>
      {steps.length === 0 && <p className="text-sm text-muted">{t('empty')}</p>}
    </div>
  );
}
