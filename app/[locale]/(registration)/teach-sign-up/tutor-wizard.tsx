'use client';

import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { CONSENT_VERSION } from '@/lib/consent';
import { setAccessToken } from '@/lib/browser/api/token';
import { TEACHING_LANGUAGES, TUTOR_SUBJECTS, tutorInitialsStep, tutorKindStep, tutorLanguageStep, tutorRegistrationSchema, tutorSubjectStep } from '@/lib/validations/registration';
import { passwordStep } from '@/lib/validations/account';
import { serverError } from '@/components/registration/api';
import { ChoiceStep } from '@/components/registration/choice-step';
import { EmailField, EmailSentNote } from '@/components/registration/email-field';
import { PasswordStep } from '@/components/registration/lazy-password-step';
import { SmsCodeStep } from '@/components/registration/lazy-sms-code';
import { PhoneStep } from '@/components/registration/phone-step';
import { useCaptchaGuard } from '@/components/registration/providers';
import { accountExists, primaryButton, StepHeading, StepNav, TextField, useFieldMessage, useServerErrors } from '@/components/registration/step-ui';
import { usePhoneCodeFlow } from '@/components/registration/use-phone-code-flow';
import { useWizard, type SmsState } from '@/components/registration/use-wizard';
import { WizardCard } from '@/components/registration/wizard-loading';
import { schoolLongDate } from '@/lib/time/school-clock';

interface Data {
  tutorKind: string;
  name: string;
  lastname: string;
  secondname: string;
  email: string;
  teachingLanguage: string;
  subject: string;
  password: string;
  confirm: string;
  phone: string;
  sms: SmsState | null;
  code: string;
  reviewDueAt: string;
}

const STEP = { kind: 0, initials: 1, language: 2, subject: 3, password: 4, phone: 5, code: 6, success: 7 } as const;
const TOTAL = 7;
const INITIAL: Data = { tutorKind: '', name: '', lastname: '', secondname: '', email: '', teachingLanguage: '', subject: '', password: '', confirm: '', phone: '', sms: null, code: '', reviewDueAt: '' };
const SECRET = ['code', 'password', 'confirm'] as const;
const FIELD_STEP: Record<string, number> = {
  tutorKind: 0,
  name: 1,
  lastname: 1,
  secondname: 1,
  email: 1,
  teachingLanguage: 2,
  subject: 3,
  password: 4,
  confirm: 4,
  phone: 5,
  code: 6,
};
const INITIALS_FIELDS = ['name', 'lastname', 'secondname', 'email'] as const;

function resume(step: number, d: Data): number {
  const checks = [
    () => tutorKindStep.safeParse(d).success,
    () => tutorInitialsStep.safeParse({ ...d, secondname: d.secondname || undefined }).success,
    () => tutorLanguageStep.safeParse(d).success,
    () => tutorSubjectStep.safeParse(d).success,
    // The password is never stored: after a reload it is asked again.
    () => passwordStep.safeParse(d).success,
    () => d.sms !== null,
  ];
  if (step >= STEP.success) return STEP.kind;
  for (let i = 0; i < Math.min(step, checks.length); i++) if (!checks[i]!()) return i;
  return step;
}

function InitialsStep({ data, focus, errors, persist, onBack, onNext }: {
  data: Data;
  focus: boolean;
  errors: Record<string, string>;
  persist: (v: Partial<Data>) => void;
  onBack: (v: Partial<Data>) => void;
  onNext: (v: Partial<Data>) => void;
}) {
  const t = useTranslations('Registration.tutor');
  const id = useId();
  const fieldMessage = useFieldMessage();
  const { register, handleSubmit, setError, getValues, subscribe, formState } = useForm({
    resolver: zodResolver(tutorInitialsStep),
    defaultValues: { name: data.name, lastname: data.lastname, secondname: data.secondname, email: data.email },
    mode: 'onTouched',
  });
  useServerErrors(setError, errors, INITIALS_FIELDS);
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => persist(values as Partial<Data>) }), [subscribe, persist]);
  const fields = [
    { name: 'name', label: t('name'), autoComplete: 'given-name' },
    { name: 'lastname', label: t('lastname'), autoComplete: 'family-name' },
    { name: 'secondname', label: t('secondname'), autoComplete: 'additional-name' },
  ] as const;
  return (
    <form noValidate onSubmit={handleSubmit((v) => onNext({ ...v, secondname: v.secondname ?? '', email: v.email ?? '' }))}>
      <StepHeading current={STEP.initials + 1} total={TOTAL} title={t('initialsTitle')} focus={focus} />
      <div className="grid gap-5">
        {fields.map((f) => {
          const error = fieldMessage(formState.errors[f.name]);
          return <TextField key={f.name} id={`${id}-${f.name}`} label={f.label} error={error} autoComplete={f.autoComplete} {...register(f.name)} />;
        })}
        <EmailField id={`${id}-email`} error={fieldMessage(formState.errors.email)} {...register('email')} />
      </div>
      <StepNav onBack={() => onBack(getValues() as Partial<Data>)} />
    </form>
  );
}

function Success({ reviewDueAt, email, focus }: { reviewDueAt: string; email: string; focus: boolean }) {
  const t = useTranslations('Registration.tutor');
  const locale = useLocale();
  const due = reviewDueAt ? new Date(reviewDueAt) : null;
  const date = due && !Number.isNaN(due.getTime()) ? schoolLongDate(due, locale) : null;
  return (
    <div>
      <StepHeading title={t('successTitle')} focus={focus} />
      <p className="text-base text-ink">{t('successText')}</p>
      {date && (
        <p className="mt-3 rounded-xl bg-brand-tint px-4 py-3 text-base font-medium text-ink" data-testid="review-due">
          {t.rich('dueDate', { date, time: (chunks) => <time dateTime={reviewDueAt}>{chunks}</time> })}
        </p>
      )}
      <EmailSentNote email={email} />
      <p className="mt-4 text-base text-muted">{t('next')}</p>
      <Link href="/cabinet" className={`${primaryButton} mt-8 w-full sm:w-auto`}>
        {t('toCabinet')}
      </Link>
    </div>
  );
}

function Wizard() {
  const t = useTranslations('Registration.tutor');
  const guard = useCaptchaGuard();
  const w = useWizard<Data>({ storageKey: 'tilmen:teach-sign-up', initial: INITIAL, secret: SECRET, resume });
  const flow = usePhoneCodeFlow(w, { steps: STEP, fieldStep: FIELD_STEP, purpose: 'register', total: TOTAL });
  const { data, step, navigated: focus } = w;

  const registerCall = useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      guard('register', async (proof) => (await api.post<{ token: string; application: { status: string; reviewDueAt: string } }>('/api/auth/register/tutor', { ...payload, ...proof })).data),
    onSuccess: ({ token, application }) => {
      setAccessToken(token);
      w.finish(STEP.success, { reviewDueAt: application.reviewDueAt });
    },
    onError: (error) => {
      const e = serverError(error);
      if (e.status === 409) flow.setMessage(accountExists(t('accountExists'), t('signIn'), '/sign-in'));
      else flow.refused(e, {});
    },
  });

  function submit(code: string) {
    flow.setMessage(null);
    const payload = flow.valid(tutorRegistrationSchema.safeParse({ ...data, code, phone: data.sms?.phone ?? data.phone, secondname: data.secondname || undefined, consent: CONSENT_VERSION }), { code });
    if (payload) registerCall.mutate(payload);
  }

  const choiceProps = { total: TOTAL, focus, serverErrors: w.errors, persist: w.persist as (v: Record<string, string>) => void };
  switch (step) {
    case STEP.kind:
      return (
        <ChoiceStep
          {...choiceProps}
          schema={tutorKindStep}
          field="tutorKind"
          title={t('kindTitle')}
          current={1}
          defaultValue={data.tutorKind}
          columns={2}
          choices={[
            { value: 'international', label: t('international'), description: t('internationalText') },
            { value: 'local', label: t('local'), description: t('localText') },
          ]}
          onNext={(v) => w.go(STEP.initials, v)}
        />
      );
    case STEP.initials:
      return <InitialsStep data={data} focus={focus} errors={w.errors} persist={w.persist} onBack={(v) => w.go(STEP.kind, v)} onNext={(v) => w.go(STEP.language, v)} />;
    case STEP.language:
      return (
        <ChoiceStep
          {...choiceProps}
          schema={tutorLanguageStep}
          field="teachingLanguage"
          title={t('languageTitle')}
          current={3}
          defaultValue={data.teachingLanguage}
          choices={TEACHING_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          onBack={(v) => w.go(STEP.initials, v)}
          onNext={(v) => w.go(STEP.subject, v)}
        />
      );
    case STEP.subject:
      return (
        <ChoiceStep
          {...choiceProps}
          schema={tutorSubjectStep}
          field="subject"
          title={t('subjectTitle')}
          current={4}
          defaultValue={data.subject}
          columns={2}
          choices={TUTOR_SUBJECTS.map((s) => ({ value: s, label: t(`subjects.${s}`) }))}
          onBack={(v) => w.go(STEP.language, v)}
          onNext={(v) => w.go(STEP.password, v)}
        />
      );
    case STEP.password:
      return (
        <PasswordStep
          title={t('passwordTitle')}
          current={5}
          total={TOTAL}
          focus={focus}
          defaults={{ password: data.password, confirm: data.confirm }}
          serverErrors={w.errors}
          onBack={(v) => w.go(STEP.subject, v)}
          onSubmit={(v) => w.go(STEP.phone, v)}
        />
      );
    case STEP.phone:
      return <PhoneStep {...flow.phone} title={t('phoneTitle')} current={6} onBack={(v) => w.go(STEP.password, v)} />;
    case STEP.code:
      if (!flow.code) return null;
      return (
        <SmsCodeStep
          {...flow.code}
          title={t('codeTitle')}
          current={7}
          busy={registerCall.isPending}
          submitLabel={t('submit')}
          message={flow.message}
          onChangeNumber={(code) => {
            // The code is the last step here: its message goes with the number.
            flow.setMessage(null);
            w.go(STEP.phone, { code });
          }}
          onSubmit={submit}
        />
      );
    default:
      return <Success reviewDueAt={data.reviewDueAt} email={data.email} focus={focus} />;
  }
}

export function TutorWizard() {
  return (
    <WizardCard>
      <Wizard />
    </WizardCard>
  );
}
