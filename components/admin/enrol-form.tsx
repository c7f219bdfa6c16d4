'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useLocale } from '@/i18n/navigation';
import { enrolFinishSchema } from '@/lib/validations/staff';
import { fetchJson, showCallError } from '@/lib/browser/api/fetch-json';
import { AdminField, CodeInput } from './ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from './ui/form';

type Values = z.input<typeof enrolFinishSchema>;
interface Enrolment {
  email: string;
  name: string;
  secret: string;
  qr: { side: number; path: string };
}

/**
 * The invitation's page: reads the token from the fragment, shows the QR code and the key, takes
 * the password and the first code, then shows the recovery codes once.
 */
export function EnrolForm() {
  const t = useTranslations('Admin.enrol');
  const locale = useLocale();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'invalid' } | { kind: 'ready'; token: string; data: Enrolment } | { kind: 'done'; codes: string[] }>({ kind: 'loading' });
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue, setError: setFieldError } = useForm<Values>({ resolver: zodResolver(enrolFinishSchema), mode: 'onTouched' });

  useEffect(() => {
    const token = window.location.hash.slice(1);
    // The token leaves the address bar (and the history) at once.
    if (token) window.history.replaceState(null, '', window.location.pathname);
    setValue('token', token);
    const opened = token ? fetchJson<Enrolment>('/api/admin/enrol', { body: { token }, locale }) : Promise.reject(new Error('no token'));
    opened
      .then((data) => setState({ kind: 'ready', token, data }))
      .catch(() => setState({ kind: 'invalid' }));
  }, [locale, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const out = await fetchJson<{ recoveryCodes: string[] }>('/api/admin/enrol/finish', { body: values, locale });
      setState({ kind: 'done', codes: out.recoveryCodes });
    } catch (err) {
      showCallError<keyof Values>(err, { field: setFieldError, error: setError, onStatus: { 410: () => setState({ kind: 'invalid' }) } });
    }
  });

  if (state.kind === 'loading') return <p aria-live="polite" className="text-muted">…</p>;
  if (state.kind === 'invalid') return <p role="alert" className="text-danger">{t('invalid')}</p>;
  if (state.kind === 'done') {
    return (
      <div>
        <h2 className="text-lg font-semibold">{t('doneTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('doneText')}</p>
        <ol className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
          {state.codes.map((c) => (
            <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">
              {c}
            </li>
          ))}
        </ol>
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className={adminSecondaryButtonClass}
            onClick={() => void navigator.clipboard?.writeText(state.codes.join('\n')).then(() => setCopied(true))}
          >
            {copied ? t('copied') : t('copy')}
          </button>
          <Link href="/admin" className={adminButtonClass}>
            {t('continue')}
          </Link>
        </div>
      </div>
    );
  }
  const errors = formState.errors;
  const { data } = state;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm text-muted">{t('intro', { name: data.name })}</p>
      <section>
        <h2 className="text-sm font-semibold">{t('step1')}</h2>
        <svg viewBox={`0 0 ${data.qr.side} ${data.qr.side}`} role="img" aria-label={t('qrAlt')} className="mt-2 h-48 w-48 bg-white" shapeRendering="crispEdges">
          <path d={data.qr.path} fill="#000" />
        </svg>
        <p className="mt-2 text-xs text-muted">{t('manual')}</p>
        <code className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm" data-testid="totp-secret">
          {data.secret}
        </code>
      </section>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold">{t('step2')}</h2>
        <input type="email" autoComplete="username" value={data.email} readOnly hidden />
        <AdminField id="enrol-password" label={t('password')} error={errors.password?.message}>
          <input id="enrol-password" type="password" autoComplete="new-password" className={adminInputClass} {...describedBy('enrol-password', errors.password?.message)} {...register('password')} />
        </AdminField>
        <AdminField id="enrol-confirm" label={t('confirm')} error={errors.confirm?.message}>
          <input id="enrol-confirm" type="password" autoComplete="new-password" className={adminInputClass} {...describedBy('enrol-confirm', errors.confirm?.message)} {...register('confirm')} />
        </AdminField>
      </section>
      <AdminField id="enrol-code" label={t('step3')} error={errors.code?.message}>
        <CodeInput id="enrol-code" maxLength={6} error={errors.code?.message} {...register('code')} />
      </AdminField>
      <FormError message={error} />
      <button type="submit" className={adminButtonClass} disabled={formState.isSubmitting}>
        {t('submit')}
      </button>
    </form>
  );
}
