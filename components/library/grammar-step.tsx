'use client';

import { useLocale, useTranslations } from 'next-intl';
import { StepPicture } from './parts';
import type { StepOfKind } from './types';
import { pick } from './types';

/** A grammar note: its picture, the explanation in the student's language, the examples in the language taught. */
export function GrammarStep({ step }: { step: StepOfKind<'grammar'> }) {
  const locale = useLocale();
  const t = useTranslations('Exercises');
  return (
    <article className="flex flex-col gap-3" data-kind="grammar">
      <h3 className="text-lg font-semibold">{pick(step.title, locale)}</h3>
      {step.image ? <StepPicture name={step.image} alt={step.imageAlt} /> : null}
      {pick(step.body, locale)
        .split(/\n+/)
        .map((p, i) => (
          <p key={i} className="leading-relaxed">
            {p}
          </p>
        ))}
      {step.examples?.length ? (
        <>
          <h4 className="font-semibold">{t('examples')}</h4>
          <ul className="list-disc pl-5">
            {step.examples.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}
