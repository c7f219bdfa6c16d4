'use client';

import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Field, inputClass } from '@/components/forms/field';
import { api } from '@/lib/api/client';
import { lessonRegistrationSchema } from '@/lib/validations/registration';
import { issueFields, serverError, stepOfFields } from '@/components/registration/api';
import { PhoneStep } from '@/components/registration/phone-step';
import { RegistrationProviders } from '@/components/registration/providers';
import { RegistrationCard } from '@/components/registration/registration-page';
import { SmsCodeStep } from '@/components/registration/sms-code';
import { describedBy, primaryButton, StepHeading, StepNav, useFieldMessage, useServerErrors, type Message } from '@/components/registration/step-ui';
import { useHydrated, useWizard, type SmsState } from '@/components/registration/use-wizard';
import { WizardLoading } from '@/components/registration/wizard-loading';

interface Data {
  name: string;
  phone: string;
  sms: SmsState | null;
  code: string;
  lessonUrl: string;
}

const STEP = { name: 0, phone: 1, code: 2, success: 3 } as const;
const TOTAL = 3;
const INITIAL: Data = { name: '', phone: '', sms: null, code: '', lessonUrl: '' };
const SECRET = ['code'] as const;
const FIELD_STEP: Record<string, number> = { name: 0, phone: 1, code: 2 };
const NAME_FIELDS = ['name'] as const;
const nameStep = lessonRegistrationSchema.pick({ name: true });

function resume(step: number, d: Data): number {
  if (step >= STEP.success) return STEP.name;
  if (step > STEP.name && !nameStep.safeParse(d).success) return STEP.name;
  if (step > STEP.phone && !d.sms) return STEP.phone;
  return step;
}

/** Only a web link may become the button's target. */
function safeLessonUrl(value: string): string | null {
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function NameStep({ data, focus, errors, persist, onNext }: { data: Data; focus: boolean; errors: Record<string, string>; persist: (v: Partial<Data>) => void; onNext: (v: Partial<Data>) => void }) {
  const t = useTranslations('Registration.lesson');
  const id = useId();
  const fieldMessage = useFieldMessage();
  const { register, handleSubmit, setError, subscribe, formState } = useForm({
    resolver: zodResolver(nameStep),
    defaultValues: { name: data.name },
    mode: 'onTouched',
  });
  useServerErrors(setError, errors, NAME_FIELDS);
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => persist(values) }), [subscribe, persist]);
  const error = fieldMessage(formState.errors.name);
  const fieldId = `${id}-name`;
  return (
    <form noValidate onSubmit={handleSubmit((v) => onNext(v))}>
      <StepHeading current={1} total={TOTAL} title={t('nameTitle')} focus={focus} />
      <Field id={fieldId} label={t('name')} error={error}>
        <input id={fieldId} autoComplete="name" aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error, false)} className={inputClass} {...register('name')} />
      </Field>
      <StepNav />
    </form>
  );
}

function Wizard() {
  const t = useTranslations('Registration.lesson');
  const tr = useTranslations('Registration');
  const tv = useTranslations('Validation');
  const w = useWizard<Data>({ storageKey: 'tilmen:stud-simple-reg', initial: INITIAL, secret: SECRET, resume });
  const [message, setMessage] = useState<Message>(null);
  const { data, step, navigated: focus } = w;

  const enter = useMutation({
    mutationFn: async (payload: { name: string; phone: string; code: string }) => (await api.post<{ lessonUrl: string }>('/api/auth/register/lesson', payload)).data,
    onSuccess: ({ lessonUrl }) => w.finish(STEP.success, { lessonUrl }),
    onError: (error) => {
      const e = serverError(error);
      const target = stepOfFields(e.fields, FIELD_STEP);
      if (target !== undefined && target !== step) w.go(target, {}, e.fields);
      else if (target !== undefined) w.showErrors(e.fields);
      else setMessage({ kind: 'error', content: e.message ?? tr('errorGeneric') });
    },
  });

  function submit(code: string) {
    setMessage(null);
    const parsed = lessonRegistrationSchema.safeParse({ name: data.name, phone: data.sms?.phone ?? data.phone, code });
    if (!parsed.success) {
      const fields = Object.fromEntries(Object.entries(issueFields(parsed.error.issues)).map(([k, v]) => [k, tv.has(v as never) ? tv(v as never) : v]));
      const target = stepOfFields(fields, FIELD_STEP) ?? step;
      if (target === step) w.showErrors(fields);
      else w.go(target, { code }, fields);
      return;
    }
    enter.mutate(parsed.data);
  }

  if (step === STEP.name) return <NameStep data={data} focus={focus} errors={w.errors} persist={w.persist} onNext={(v) => w.go(STEP.phone, v)} />;
  if (step === STEP.phone || (step === STEP.code && !data.sms))
    return (
      <PhoneStep
        title={t('phoneTitle')}
        current={2}
        total={TOTAL}
        focus={focus}
        purpose="lesson"
        defaultPhone={data.phone}
        sms={data.sms}
        serverErrors={w.errors}
        persist={w.persist}
        onBack={(v) => w.go(STEP.name, v)}
        onSent={(phone, sms) => w.go(STEP.code, { phone, sms })}
      />
    );
  if (step === STEP.code && data.sms)
    return (
      <SmsCodeStep
        title={t('codeTitle')}
        current={3}
        total={TOTAL}
        focus={focus}
        purpose="lesson"
        sms={data.sms}
        defaultCode={data.code}
        serverErrors={w.errors}
        busy={enter.isPending}
        submitLabel={t('submit')}
        message={message}
        persist={w.persist}
        onResent={(sms) => w.patch({ sms })}
        onChangeNumber={(code) => w.go(STEP.phone, { code })}
        onSubmit={submit}
      />
    );
  const href = safeLessonUrl(data.lessonUrl);
  return (
    <div>
      <StepHeading title={t('successTitle')} focus={focus} />
      <p className="text-base text-ink">{t('successText')}</p>
      {href && (
        <a href={href} rel="noopener" className={`${primaryButton} mt-8 w-full px-10 py-5 text-lg sm:w-auto`}>
          {t('enter')}
        </a>
      )}
    </div>
  );
}

export function LessonWizard() {
  const hydrated = useHydrated();
  return (
    <RegistrationCard>
      {hydrated ? (
        <RegistrationProviders>
          <Wizard />
        </RegistrationProviders>
      ) : (
        <WizardLoading />
      )}
    </RegistrationCard>
  );
}
