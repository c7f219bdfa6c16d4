'use client';

import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { CONSENT_VERSION } from '@/lib/consent';
import { lessonRegistrationSchema } from '@/lib/validations/registration';
import { serverError } from '@/components/registration/api';
import { SmsCodeStep } from '@/components/registration/lazy-sms-code';
import { PhoneStep } from '@/components/registration/phone-step';
import { primaryButton, StepHeading, StepNav, TextField, useFieldMessage, useServerErrors } from '@/components/registration/step-ui';
import { usePhoneCodeFlow } from '@/components/registration/use-phone-code-flow';
import { useWizard, type SmsState } from '@/components/registration/use-wizard';
import { WizardCard } from '@/components/registration/wizard-loading';

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
  return (
    <form noValidate onSubmit={handleSubmit((v) => onNext(v))}>
      <StepHeading current={1} total={TOTAL} title={t('nameTitle')} focus={focus} />
      <TextField id={`${id}-name`} label={t('name')} error={fieldMessage(formState.errors.name)} autoComplete="name" {...register('name')} />
      <StepNav />
    </form>
  );
}

function Wizard() {
  const t = useTranslations('Registration.lesson');
  const w = useWizard<Data>({ storageKey: 'tilmen:stud-simple-reg', initial: INITIAL, secret: SECRET, resume });
  const flow = usePhoneCodeFlow(w, { steps: STEP, fieldStep: FIELD_STEP, purpose: 'lesson', total: TOTAL });
  const { data, step, navigated: focus } = w;

  const enter = useMutation({
    mutationFn: async (payload: { name: string; phone: string; code: string; consent: string }) => (await api.post<{ lessonUrl: string }>('/api/auth/register/lesson', payload)).data,
    onSuccess: ({ lessonUrl }) => w.finish(STEP.success, { lessonUrl }),
    onError: (error) => flow.refused(serverError(error), {}),
  });

  function submit(code: string) {
    flow.setMessage(null);
    const payload = flow.valid(lessonRegistrationSchema.safeParse({ name: data.name, phone: data.sms?.phone ?? data.phone, code, consent: CONSENT_VERSION }), { code });
    if (payload) enter.mutate(payload);
  }

  if (step === STEP.name) return <NameStep data={data} focus={focus} errors={w.errors} persist={w.persist} onNext={(v) => w.go(STEP.phone, v)} />;
  if (flow.atPhone) return <PhoneStep {...flow.phone} title={t('phoneTitle')} current={2} onBack={(v) => w.go(STEP.name, v)} />;
  if (step === STEP.code && flow.code)
    return <SmsCodeStep {...flow.code} title={t('codeTitle')} current={3} busy={enter.isPending} submitLabel={t('submit')} message={flow.message} onSubmit={submit} />;
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
  return (
    <WizardCard>
      <Wizard />
    </WizardCard>
  );
}
