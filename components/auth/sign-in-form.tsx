'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import { Link, startNavigationProgress } from '@/i18n/navigation';
import { api, LOGIN_PATH } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { checkKzMobile, formatKzPhone } from '@/lib/phone';
import { loginSchema } from '@/lib/validations/auth';
import { CaptchaScope, useCaptcha, type CaptchaProof } from '@/components/forms/captcha';
import { Field, inputClass } from '@/components/forms/field';
import { setServerFields, SubmitButton } from '@/components/registration/form-submit';
import { useAuthState } from './auth-store';
import { restoreSession } from './restore-session';
import { fieldMessage } from './messages';
import { PasswordInput } from './password-input';
import { localePath, takeReturnPath } from './return-path';
import { signedIn } from './session';

type Input = z.input<typeof loginSchema>;
type Output = z.output<typeof loginSchema>;
/** After this many failed attempts the captcha (when configured) guards the next ones (lib/auth/login.ts). */
const CAPTCHA_AFTER_FAILURES = 2;

function Form({ signUpHref }: { signUpHref: string }) {
  const t = useTranslations('SignIn');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const { arm, guard } = useCaptcha();
  const { checked, token } = useAuthState();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const failures = useRef(0);
  const needCaptcha = useRef(false);
  const leaving = useRef(false);
  const home = localePath(locale, '/');
  const cabinet = localePath(locale, '/cabinet');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    getValues,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(loginSchema), mode: 'onTouched' });

  // A signed-in visitor has nothing to do here: on to ?next= when it is safe, else the cabinet.
  useEffect(() => {
    void restoreSession();
  }, []);
  useEffect(() => {
    if (!checked || !token || leaving.current) return;
    leaving.current = true;
    setStatus({ ok: true, text: t('alreadySignedIn') });
    const target = takeReturnPath(cabinet);
    startNavigationProgress(target);
    router.replace(target);
  }, [checked, token, router, cabinet, t]);

  const post = (values: Output, proof: CaptchaProof = {}) =>
    api.post<{ token: string }>(LOGIN_PATH, { login: getValues('login').trim(), password: values.password, ...proof });

  async function onSubmit(values: Output) {
    setStatus(null);
    setPending(true);
    try {
      const guarded = needCaptcha.current || failures.current >= CAPTCHA_AFTER_FAILURES;
      let res;
      try {
        res = guarded ? await guard('login', (proof) => post(values, proof)) : await post(values);
      } catch (error) {
        // The server asks for the captcha (after failures on this account): run it and send again once.
        if (apiErrorBody(error)?.code !== 'captcha_required' || guarded) throw error;
        needCaptcha.current = true;
        res = await guard('login', (proof) => post(values, proof));
      }
      leaving.current = true;
      setStatus({ ok: true, text: t('success') });
      const target = takeReturnPath(home);
      signedIn(res.data.token);
      startNavigationProgress(target);
      router.replace(target);
    } catch (error) {
      const body = apiErrorBody(error);
      if (body?.code === 'invalid_credentials') failures.current += 1;
      if (body?.code === 'captcha_required') needCaptcha.current = true;
      // Google's script loads in the background once a captcha may be needed.
      if (failures.current >= 1 || needCaptcha.current) arm();
      setServerFields(setError, body?.fields, ['login', 'password'], tv);
      if (body?.code === 'invalid_credentials') setFocus('password');
      setStatus({ ok: false, text: body?.message ?? t('errorGeneric') });
      setPending(false);
    }
  }

  const loginError = fieldMessage(errors.login, tv);
  const passwordError = fieldMessage(errors.password, tv);
  const loginField = register('login');

  return (
    <form
      noValidate
      aria-busy={pending}
      onSubmit={(e) => handleSubmit(onSubmit)(e)}
      className="grid gap-4"
    >
      <Field id={`${id}-login`} label={t('login')} error={loginError} hint={t('loginHint')}>
        <input
          id={`${id}-login`}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={loginError ? true : undefined}
          aria-describedby={loginError ? `${id}-login-error` : `${id}-login-hint`}
          className={inputClass}
          {...loginField}
          onBlur={(e) => {
            // A phone typed as 8 7XX… or 7XX… is shown the usual way.
            const v = e.target.value.trim();
            const phone = v && !v.includes('@') ? checkKzMobile(v) : null;
            if (phone?.ok) setValue('login', formatKzPhone(phone.e164));
            void loginField.onBlur(e);
          }}
        />
      </Field>
      <Field id={`${id}-password`} label={t('password')} error={passwordError}>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="current-password"
          showLabel={t('showPassword')}
          hideLabel={t('hidePassword')}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
          {...register('password')}
        />
      </Field>
      <div className="-mt-1 text-right">
        <Link href="/reset-password" className="text-sm font-medium text-brand-dark underline-offset-2 hover:underline">
          {t('forgot')}
        </Link>
      </div>
      <SubmitButton pending={pending} label={t('submit')} busyLabel={t('submitting')} />
      <div role="status" aria-live="polite" className="min-h-6 text-sm">
        {status && <p className={status.ok ? 'font-medium text-[#0b7a63]' : 'text-danger'}>{status.text}</p>}
      </div>
      <p className="text-center text-sm text-muted">
        {t('noAccount')}{' '}
        <Link href={signUpHref} className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {t('signUp')}
        </Link>
      </p>
    </form>
  );
}

export function SignInForm({ signUpHref }: { signUpHref: string }) {
  return (
    <CaptchaScope>
      <Form signUpHref={signUpHref} />
    </CaptchaScope>
  );
}
