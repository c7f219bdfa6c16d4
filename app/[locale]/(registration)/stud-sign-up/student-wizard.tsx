'use client';

import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Field, inputClass } from '@/components/forms/field';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/api/client';
import { setAccessToken } from '@/lib/api/token';
import { STUDENT_SUBJECTS, studentPersonalStep, studentRegistrationSchema } from '@/lib/validations/registration';
import { issueFields, serverError, stepOfFields } from '@/components/registration/api';
import { ChoiceCards } from '@/components/registration/choice-cards';
import { PasswordStep } from '@/components/registration/password-step';
import { PhoneStep } from '@/components/registration/phone-step';
import { RegistrationProviders, useCaptchaToken } from '@/components/registration/providers';
import { RegistrationCard } from '@/components/registration/registration-page';
import { SmsCodeStep } from '@/components/registration/sms-code';
import { describedBy, primaryButton, StepHeading, StepNav, useFieldMessage, useServerErrors, type Message } from '@/components/registration/step-ui';
import { useHydrated, useWizard, type SmsState } from '@/components/registration/use-wizard';
import { WizardLoading } from '@/components/registration/wizard-loading';

type Subject = (typeof STUDENT_SUBJECTS)[number];

interface Data {
  name: string;
  lastname: string;
  subject: Subject | '';
  phone: string;
  sms: SmsState | null;
  code: string;
  password: string;
  confirm: string;
}

const STEP = { personal: 0, phone: 1, code: 2, password: 3, success: 4 } as const;
const TOTAL = 4;
const INITIAL: Data = { name: '', lastname: '', subject: '', phone: '', sms: null, code: '', password: '', confirm: '' };
const SECRET = ['code', 'password', 'confirm'] as const;
const FIELD_STEP: Record<string, number> = { name: 0, lastname: 0, subject: 0, phone: 1, code: 2, password: 3, confirm: 3 };
const PERSONAL_FIELDS = ['name', 'lastname', 'subject'] as const;

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
    defaultValues: { name: data.name, lastname: data.lastname, subject: data.subject || undefined },
    mode: 'onTouched',
  });
  useServerErrors(setError, errors, PERSONAL_FIELDS);
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => persist(values as Partial<Data>) }), [subscribe, persist]);
  const nameError = fieldMessage(formState.errors.name);
  const lastnameError = fieldMessage(formState.errors.lastname);
  const subjectError = fieldMessage(formState.errors.subject);
  return (
    <form noValidate onSubmit={handleSubmit((v) => onNext(v))}>
      <StepHeading current={1} total={TOTAL} title={t('personalTitle')} focus={focus} />
      <p className="-mt-3 mb-6 text-sm text-muted">{t('duration')}</p>
      <div className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${id}-name`} label={t('name')} error={nameError}>
            <input
              id={`${id}-name`}
              autoComplete="given-name"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describedBy(`${id}-name`, nameError, false)}
              className={inputClass}
              {...register('name')}
            />
          </Field>
          <Field id={`${id}-lastname`} label={t('lastname')} error={lastnameError}>
            <input
              id={`${id}-lastname`}
              autoComplete="family-name"
              aria-invalid={lastnameError ? true : undefined}
              aria-describedby={describedBy(`${id}-lastname`, lastnameError, false)}
              className={inputClass}
              {...register('lastname')}
            />
          </Field>
        </div>
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
  const tr = useTranslations('Registration');
  const tv = useTranslations('Validation');
  const captchaToken = useCaptchaToken();
  const w = useWizard<Data>({ storageKey: 'tilmen:stud-sign-up', initial: INITIAL, secret: SECRET, resume });
  const [message, setMessage] = useState<Message>(null);
  const { data, step, navigated } = w;

  const registerCall = useMutation({
    mutationFn: async (payload: Record<string, unknown>) => {
      const captcha = await captchaToken('register');
      return (await api.post<{ token: string }>('/api/auth/register/student', { ...payload, captchaToken: captcha })).data;
    },
    onSuccess: ({ token }) => {
      setAccessToken(token);
      w.finish(STEP.success);
    },
    onError: (error, payload) => {
      const e = serverError(error);
      const target = stepOfFields(e.fields, FIELD_STEP);
      // Sent back to an earlier step: what was typed on this one is kept for the way back.
      const kept = { password: String(payload.password ?? ''), confirm: String(payload.confirm ?? '') };
      if (e.status === 409) {
        setMessage({
          kind: 'error',
          content: (
            <>
              {t('accountExists')}{' '}
              <Link href="/stud-sign-in" className="font-medium underline underline-offset-2">
                {t('signIn')}
              </Link>
            </>
          ),
        });
      } else if (target !== undefined && target !== step) {
        w.go(target, kept, e.fields);
      } else if (target !== undefined) {
        w.showErrors(e.fields);
      } else {
        setMessage({ kind: 'error', content: e.message ?? tr('errorGeneric') });
      }
    },
  });

  function submit(values: { password: string; confirm: string }) {
    setMessage(null);
    const parsed = studentRegistrationSchema.safeParse({ ...data, ...values, phone: data.sms?.phone ?? data.phone });
    if (!parsed.success) {
      const fields = Object.fromEntries(Object.entries(issueFields(parsed.error.issues)).map(([k, v]) => [k, tv.has(v as never) ? tv(v as never) : v]));
      const target = stepOfFields(fields, FIELD_STEP) ?? step;
      if (target === step) w.showErrors(fields);
      else w.go(target, values, fields);
      return;
    }
    registerCall.mutate(parsed.data);
  }

  const focus = navigated;
  if (step === STEP.personal) return <PersonalStep data={data} focus={focus} errors={w.errors} persist={w.persist} onNext={(v) => w.go(STEP.phone, v)} />;
  if (step === STEP.phone || (step === STEP.code && !data.sms))
    return (
      <PhoneStep
        title={t('phoneTitle')}
        current={2}
        total={TOTAL}
        focus={focus}
        purpose="register"
        defaultPhone={data.phone}
        sms={data.sms}
        serverErrors={w.errors}
        persist={w.persist}
        onBack={(v) => w.go(STEP.personal, v)}
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
        purpose="register"
        sms={data.sms}
        defaultCode={data.code}
        serverErrors={w.errors}
        persist={w.persist}
        onResent={(sms) => w.patch({ sms })}
        onChangeNumber={(code) => w.go(STEP.phone, { code })}
        onSubmit={(code) => w.go(STEP.password, { code })}
      />
    );
  if (step === STEP.password)
    return (
      <PasswordStep
        title={t('passwordTitle')}
        current={4}
        total={TOTAL}
        focus={focus}
        defaults={{ password: data.password, confirm: data.confirm }}
        serverErrors={w.errors}
        busy={registerCall.isPending}
        submitLabel={t('submit')}
        message={message}
        onBack={(v) => {
          setMessage(null);
          w.go(STEP.code, v);
        }}
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
      <Link href="/cabinet" className={`${primaryButton} mt-8 w-full sm:w-auto`}>
        {t('toCabinet')}
      </Link>
    </div>
  );
}

export function StudentWizard() {
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
