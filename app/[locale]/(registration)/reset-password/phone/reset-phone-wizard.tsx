'use client';

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/api/client';
import { resetByPhoneSchema } from '@/lib/validations/registration';
import { issueFields, phoneInText, serverError, stepOfFields } from '@/components/registration/api';
import { PasswordStep } from '@/components/registration/password-step';
import { PhoneStep } from '@/components/registration/phone-step';
import { RegistrationProviders } from '@/components/registration/providers';
import { RegistrationCard } from '@/components/registration/registration-page';
import { SmsCodeStep } from '@/components/registration/sms-code';
import { primaryButton, StepHeading, type Message } from '@/components/registration/step-ui';
import { useHydrated, useWizard, type SmsState } from '@/components/registration/use-wizard';
import { WizardLoading } from '@/components/registration/wizard-loading';

interface Data {
  phone: string;
  sms: SmsState | null;
  code: string;
  password: string;
  confirm: string;
}

const STEP = { phone: 0, code: 1, password: 2, done: 3 } as const;
const TOTAL = 3;
const INITIAL: Data = { phone: '', sms: null, code: '', password: '', confirm: '' };
const SECRET = ['code', 'password', 'confirm'] as const;
const FIELD_STEP: Record<string, number> = { phone: 0, code: 1, password: 2, confirm: 2 };

function resume(step: number, d: Data): number {
  if (step >= STEP.done) return STEP.phone;
  if (step > STEP.phone && !d.sms) return STEP.phone;
  if (step > STEP.code && !d.code) return STEP.code;
  return step;
}

// Every answer reads the same whether or not the number has an account (the server answers alike too).
function Wizard() {
  const t = useTranslations('ResetPhone');
  const tr = useTranslations('Registration');
  const tv = useTranslations('Validation');
  const w = useWizard<Data>({ storageKey: 'tilmen:reset-phone', initial: INITIAL, secret: SECRET, resume });
  const [message, setMessage] = useState<Message>(null);
  const { data, step, navigated: focus } = w;

  const reset = useMutation({
    mutationFn: async (payload: { phone: string; code: string; password: string; confirm: string }) => (await api.post<{ ok: boolean }>('/api/auth/reset/phone', payload)).data,
    onSuccess: () => w.finish(STEP.done),
    onError: (error, payload) => {
      const e = serverError(error);
      const target = stepOfFields(e.fields, FIELD_STEP);
      if (target !== undefined && target !== step) w.go(target, { password: payload.password, confirm: payload.confirm }, e.fields);
      else if (target !== undefined) w.showErrors(e.fields);
      else setMessage({ kind: 'error', content: e.message ?? tr('errorGeneric') });
    },
  });

  function submit(values: { password: string; confirm: string }) {
    setMessage(null);
    const parsed = resetByPhoneSchema.safeParse({ phone: data.sms?.phone ?? data.phone, code: data.code, ...values });
    if (!parsed.success) {
      const fields = Object.fromEntries(Object.entries(issueFields(parsed.error.issues)).map(([k, v]) => [k, tv.has(v as never) ? tv(v as never) : v]));
      const target = stepOfFields(fields, FIELD_STEP) ?? step;
      if (target === step) w.showErrors(fields);
      else w.go(target, values, fields);
      return;
    }
    reset.mutate(parsed.data);
  }

  if (step === STEP.phone || (step === STEP.code && !data.sms))
    return (
      <PhoneStep
        title={t('phoneTitle')}
        current={1}
        total={TOTAL}
        focus={focus}
        purpose="reset"
        defaultPhone={data.phone}
        sms={data.sms}
        serverErrors={w.errors}
        persist={w.persist}
        onSent={(phone, sms) => w.go(STEP.code, { phone, sms })}
      />
    );
  if (step === STEP.code && data.sms)
    return (
      <SmsCodeStep
        title={t('codeTitle')}
        current={2}
        total={TOTAL}
        focus={focus}
        purpose="reset"
        sms={data.sms}
        sentText={t('codeSent', { phone: phoneInText(data.sms.phone) })}
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
        current={3}
        total={TOTAL}
        focus={focus}
        newPassword
        defaults={{ password: data.password, confirm: data.confirm }}
        serverErrors={w.errors}
        busy={reset.isPending}
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
      <StepHeading title={t('doneTitle')} focus={focus} />
      <p className="text-base text-ink">{t('doneText', { phone: data.sms ? phoneInText(data.sms.phone) : data.phone })}</p>
      <Link href="/sign-in" className={`${primaryButton} mt-8 w-full sm:w-auto`}>
        {t('toSignIn')}
      </Link>
    </div>
  );
}

export function ResetPhoneWizard() {
  const t = useTranslations('ResetPhone');
  const hydrated = useHydrated();
  return (
    <>
      <RegistrationCard>
        {hydrated ? (
          <RegistrationProviders>
            <Wizard />
          </RegistrationProviders>
        ) : (
          <WizardLoading />
        )}
      </RegistrationCard>
      <p className="mt-6 text-center text-sm">
        <Link href="/reset-password" className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
          {t('otherWays')}
        </Link>
      </p>
    </>
  );
}
