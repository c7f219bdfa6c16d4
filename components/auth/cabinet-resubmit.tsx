'use client';

import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { TEACHING_LANGUAGES, TUTOR_SUBJECTS } from '@/lib/validations/registration';
import { applicationCorrectionSchema } from '@/lib/validations/review';
import { Field, inputClass } from '@/components/forms/field';
import { FormAlert, setServerFields, SubmitButton, useSubmitCall } from '@/components/registration/form-submit';
import { CabinetDocuments } from './cabinet-documents';
import { fieldMessage } from './messages';

type Input = z.input<typeof applicationCorrectionSchema>;
type Output = z.output<typeof applicationCorrectionSchema>;
const FIELDS = ['name', 'lastname', 'secondname', 'tutorKind', 'teachingLanguage', 'subject'] as const;

export interface Resubmitted {
  id: number;
  status: 'submitted';
  round: number;
  submittedAt: string;
  reviewDueAt: string;
}

/**
 * The correction form of a rejected or returned application (loaded only for such a tutor): what
 * the registration wizard collected, sent again with POST /api/user2/application/resubmit.
 */
export function CabinetResubmit({
  applicationId,
  initial,
  onDone,
  onCancel,
}: {
  applicationId: number;
  initial: Partial<Input>;
  onDone: (application: Resubmitted) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('Cabinet.resubmit');
  const tr = useTranslations('Registration.tutor');
  const tv = useTranslations('Validation');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { pending, error, run } = useSubmitCall();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(applicationCorrectionSchema), mode: 'onTouched', defaultValues: initial });

  useEffect(() => heading.current?.focus(), []);

  async function onSubmit(values: Output) {
    await run(
      async () => {
        const { data } = await api.post<{ application: Resubmitted }>('/api/user2/application/resubmit', { ...values, id: applicationId });
        onDone(data.application);
      },
      (err) => {
        const body = apiErrorBody(err);
        setServerFields(setError, body?.fields, FIELDS, tv);
        return body?.fields ? null : (body?.message ?? t('failed'));
      },
    );
  }

  const err = (name: (typeof FIELDS)[number]) => fieldMessage(errors[name], tv);
  const aria = (name: (typeof FIELDS)[number]) => ({
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': err(name) ? `${id}-${name}-error` : undefined,
  });
  const text = (name: 'name' | 'lastname' | 'secondname', label: string, autoComplete: string) => (
    <Field id={`${id}-${name}`} label={label} error={err(name)}>
      <input id={`${id}-${name}`} type="text" autoComplete={autoComplete} maxLength={80} className={inputClass} {...aria(name)} {...register(name)} />
    </Field>
  );
  const select = (name: 'teachingLanguage' | 'subject', label: string, options: readonly string[], optionLabel: (o: string) => string) => (
    <Field id={`${id}-${name}`} label={label} error={err(name)}>
      <select id={`${id}-${name}`} className={inputClass} {...aria(name)} {...register(name)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <form noValidate aria-busy={pending} onSubmit={handleSubmit(onSubmit)} className="mt-4 grid gap-4 rounded-xl border border-line p-4 sm:max-w-md" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        {t('title')}
      </h3>
      <fieldset {...aria('tutorKind')}>
        <legend className="mb-1.5 text-sm font-medium text-ink">{tr('kindTitle')}</legend>
        <div className="grid gap-2">
          {(['local', 'international'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-base">
              <input type="radio" value={kind} className="size-4 accent-brand" {...register('tutorKind')} />
              {tr(kind)}
            </label>
          ))}
        </div>
        {err('tutorKind') && (
          <p id={`${id}-tutorKind-error`} className="mt-1.5 text-sm text-danger">
            {err('tutorKind')}
          </p>
        )}
      </fieldset>
      {text('name', tr('name'), 'given-name')}
      {text('lastname', tr('lastname'), 'family-name')}
      {text('secondname', tr('secondname'), 'additional-name')}
      {select('teachingLanguage', tr('languageTitle'), TEACHING_LANGUAGES, (o) => tr(`languages.${o as (typeof TEACHING_LANGUAGES)[number]}`))}
      {select('subject', tr('subjectTitle'), TUTOR_SUBJECTS, (o) => tr(`subjects.${o as (typeof TUTOR_SUBJECTS)[number]}`))}
      <CabinetDocuments />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={pending} label={t('submit')} busyLabel={t('sending')} />
        <button type="button" onClick={onCancel} className="rounded-lg px-3 py-2 font-medium text-brand-dark underline-offset-2 hover:underline">
          {t('cancel')}
        </button>
      </div>
      <FormAlert error={error} />
    </form>
  );
}
