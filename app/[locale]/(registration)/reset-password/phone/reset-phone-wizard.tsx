'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { resetByPhoneSchema } from '@/lib/validations/registration';
import { phoneInText, serverError } from '@/components/registration/api';
import { PasswordStep } from '@/components/registration/lazy-password-step';
import { SmsCodeStep } from '@/components/registration/lazy-sms-code';
import { PhoneStep } from '@/components/registration/phone-step';
import { primaryButton, StepHeading } from '@/components/registration/step-ui';
import { usePhoneCodeFlow } from '@/components/registration/use-phone-code-flow';
import { useWizard, type SmsState } from '@/components/registration/use-wizard';
import { WizardCard } from '@/components/registration/wizard-loading';

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
  const w = useWizard<Data>({ storageKey: 'tilmen:reset-phone', initial: INITIAL, secret: SECRET, resume });
  const flow = usePhoneCodeFlow(w, { steps: STEP, fieldStep: FIELD_STEP, purpose: 'reset', total: TOTAL });
  const { data, step, navigated: focus } = w;

  const reset = useMutation({
    mutationFn: async (payload: { phone: string; code: string; password: string; confirm: string }) => (await api.post<{ ok: boolean }>('/api/auth/reset/phone', payload)).data,
    onSuccess: () => w.finish(STEP.done),
    onError: (error, payload) => flow.refused(serverError(error), { password: payload.password, confirm: payload.confirm }),
  });

  function submit(values: { password: string; confirm: string }) {
    flow.setMessage(null);
    const payload = flow.valid(resetByPhoneSchema.safeParse({ phone: data.sms?.phone ?? data.phone, code: data.code, ...values }), values);
    if (payload) reset.mutate(payload);
  }

  // The first step: no way back.
  if (flow.atPhone) return <PhoneStep {...flow.phone} title={t('phoneTitle')} current={1} />;
  if (step === STEP.code && flow.code)
    return (
      <SmsCodeStep
        {...flow.code}
        title={t('codeTitle')}
        current={2}
        sentText={t('codeSent', { phone: phoneInText(flow.code.sms.phone) })}
        onSubmit={(code) => w.go(STEP.password, { code })}
      />
    );
  if (step === STEP.password)
    return (
      <PasswordStep
        {...flow.passwordAfterCode}
        title={t('passwordTitle')}
        current={3}
        newPassword
        busy={reset.isPending}
        submitLabel={t('submit')}
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
  return (
    <>
      <WizardCard>
        <Wizard />
      </WizardCard>
      <p className="mt-6 text-center text-sm">
        <Link href="/reset-password" className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
          {t('otherWays')}
        </Link>
      </p>
    </>
  );
}
