'use client';

import { useLocale } from 'next-intl';
import { StepPicture } from './parts';
import type { StepOfKind } from './types';
import { pick } from './types';

/** A reading text: its title in the student's language, its picture, the body in the language taught, paragraph by paragraph. */
export function TextStep({ step }: { step: StepOfKind<'text'> }) {
  const locale = useLocale();
  return (
    <article className="flex flex-col gap-3" data-kind="text">
      {step.title ? <h3 className="text-lg font-semibold">{pick(step.title, locale)}</h3> : null}
      {step.image ? <StepPicture name={step.image} alt={step.imageAlt} /> : null}
      {step.body.split(/\n+/).map((p, i) => (
        <p key={i} className="leading-relaxed">
          {p}
        </p>
      ))}
    </article>
  );
}
