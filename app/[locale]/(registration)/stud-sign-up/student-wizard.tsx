'use client';

import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { CONSENT_VERSION } from '@/lib/consent';
import { setAccessToken } from '@/lib/browser/api/token';
import { STUDENT_SUBJECTS, studentPersonalStep, studentRegistrationSchema } from '@/lib/validations/registration';
import { serverError } from '@/components/registration/api';
import { ChoiceCards } from '@/components/registration/choice-cards';
import { EmailField, EmailSentNote } from '@/components/registration/email-field';
import { PasswordStep } from '@/components/registration/lazy-password-step';
import { SmsCodeStep } from '@/components/registration/lazy-sms-code';
import { PhoneStep } from '@/components/registration/phone-step';
import { useCaptchaGuard } from '@/components/registration/providers';
import { accountExists, primaryButton, StepHeading, StepNav, TextField, useFieldMessage, useServerErrors } from '@/components/registration/step-ui';
import { usePhoneCodeFlow } from '@/components/registration/use-phone-code-flow';
import { useWizard, type SmsState } from '@/components/registration/use-wizard';
import { WizardCard } from '@/components/registration/wizard-loading';

type Subject = (typeof STUDENT_SUBJECTS)[number];

interface Data {
  name: string;
  lastname: string;
  email: string;
  subject: Subject | '';
  phone: string;
  sms: SmsState | null;
  code: string;
  password: string;
  confirm: string;
}

const STEP = { personal: 0, phone: 1, code: 2, password: 3, success: 4 } as const;
const TOTAL = 4;
const INITIAL: Data = { name: '', lastname: '', email: '', subject: '', phone: '', sms: null, code: '', password: '', confirm: '' };
const SECRET = ['code', 'password', 'confirm'] as const;
const FIELD_STEP: Record<string, number> = { name: 0, lastname: 0, email: 0, subject: 0, phone: 1, code: 2, password: 3, confirm: 3 };
const PERSONAL_FIELDS = ['name', 'lastname', 'email', 'subject'] as const;

function resume(step: number, d: Data): number {
  if (step >= STEP.success) return STEP.personal;
  if (step > STEP.personal && !studentPersonalStep.safeParse(d).success) return STEP.personal;
  if (step > STEP.phone && !d.sms) return STEP.phone;
  if (step > STEP.code && !d.code) return STEP.code;
  return step;
}

function PersonalStep({ data, focus, errors, persist, onNext }: { data: Data; focus: boolean; errors: Record<string, string>; persist: (v: Partial<Data>) => void; onNext: (v: Partial<Data>) => void }) {
  const t = useTranslations('Registration.student');
  const id = useId();
  const fieldMessage = useFieldMessage();
  const { register, handleSubmit, setError, subscribe, formState } = useForm<z.input<typeof studentPersonalStep>, unknown, z.output<typeof studentPersonalStep>>({
    resolver: zodResolver(studentPersonalStep),
    defaultValues: { name: data.name, lastname: data.lastname, email: data.email, subject: data.subject || undefined },
    mode: 'onTouched',
  });
  useServerErrors(setError, errors, PERSONAL_FIELDS);
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => persist(values as Partial<Data>) }), [subscribe, persist]);
  const nameError = fieldMessage(formState.errors.name);
  const lastnameError = fieldMessage(formState.errors.lastname);
  const subjectError = fieldMessage(formState.errors.subject);
  const emailError = fieldMessage(formState.errors.email);
  return (
    <form noValidate onSubmit={handleSubmit((v) => onNext(v))}>
      <StepHeading current={1} total={TOTAL} title={t('personalTitle')} focus={focus} />
      <p className="-mt-3 mb-6 text-sm text-muted">{t('duration')}</p>
      <div className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id={`${id}-name`} label={t('name')} error={nameError} autoComplete="given-name" {...register('name')} />
          <TextField id={`${id}-lastname`} label={t('lastname')} error={lastnameError} autoComplete="family-name" {...register('lastname')} />
        </div>
        <EmailField id={`${id}-email`} error={emailError} {...register('email')} />
        <ChoiceCards
          id={`${id}-subject`}
          legend={t('subject')}
          columns={2}
          choices={[
            { value: 'english', label: t('english'), description: t('englishText') },
            { value: 'kazakh', label: t('kazakh'), description: t('kazakhText') },
          ]}
          registration={register('subject')}
          error={subjectError}
        />
      </div>
      <StepNav />
    </form>
  );
}

function Wizard() {
  const t = useTranslations('Registration.student');
  const guard = useCaptchaGuard();
  const w = useWizard<Data>({ storageKey: 'tilmen:stud-sign-up', initial: INITIAL, secret: SECRET, resume });
  const flow = usePhoneCodeFlow(w, { steps: STEP, fieldStep: FIELD_STEP, purpose: 'register', total: TOTAL });
  const { data, step, navigated } = w;

  const registerCall = useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      guard('register', async (proof) => (await api.post<{ token: string }>('/api/auth/register/student', { ...payload, ...proof })).data),
    onSuccess: ({ token }) => {
      setAccessToken(token);
      w.finish(STEP.success);
    },
    onError: (error, payload) => {
      const e = serverError(error);
      if (e.status === 409) flow.setMessage(accountExists(t('accountExists'), t('signIn'), '/stud-sign-in'));
      // Sent back to an earlier step: what was typed on this one is kept for the way back.
      else flow.refused(e, { password: String(payload.password ?? ''), confirm: String(payload.confirm ?? '') });
    },
  });

  function submit(values: { password: string; confirm: string }) {
    flow.setMessage(null);
    const payload = flow.valid(studentRegistrationSchema.safeParse({ ...data, ...values, phone: data.sms?.phone ?? data.phone, consent: CONSENT_VERSION }), values);
    if (payload) registerCall.mutate(payload);
  }

  const focus = navigated;
  if (step === STEP.personal) return <PersonalStep data={data} focus={focus} errors={w.errors} persist={w.persist} onNext={(v) => w.go(STEP.phone, { ...v, email: v.email ?? '' })} />;
  if (flow.atPhone) return <PhoneStep {...flow.phone} title={t('phoneTitle')} current={2} onBack={(v) => w.go(STEP.personal, v)} />;
  if (step === STEP.code && flow.code) return <SmsCodeStep {...flow.code} title={t('codeTitle')} current={3} onSubmit={(code) => w.go(STEP.password, { code })} />;
  if (step === STEP.password)
    return (
      <PasswordStep
        {...flow.passwordAfterCode}
        title={t('passwordTitle')}
        current={4}
        busy={registerCall.isPending}
        submitLabel={t('submit')}
        onSubmit={submit}
      />
    );
  return (
    <div>
      <StepHeading title={t('successTitle')} focus={focus} />
      <p className="text-base font-medium text-ink">{t('whatNext')}</p>
      <ol className="mt-3 grid list-decimal gap-2 pl-5 text-base text-ink">
        <li>{t('next1')}</li>
        <li>{t('next2')}</li>
      </ol>
      <EmailSentNote email={data.email} />
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/cabinet" className={`${primaryButton} w-full sm:w-auto`}>
          {t('toCabinet')}
        </Link>
        <Link href="/tutors" className="inline-flex min-h-11 w-full items-center justify-center rounded-xl border border-line px-5 font-semibold text-brand-dark hover:bg-brand-tint sm:w-auto" data-testid="success-tutors-link">
          {t('toTutors')}
        </Link>
      </div>
    </div>
  );
}

export function StudentWizard() {
  return (
    <WizardCard>
      <Wizard />
    </WizardCard>
  );
}
