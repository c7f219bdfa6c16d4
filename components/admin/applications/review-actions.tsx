'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale, useRouter } from '@/i18n/navigation';
import { REVIEW_REASONS, reviewReasonsSchema, type ApplicationStatus } from '@/lib/validations/review';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import { AdminField } from '../ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from '../ui/form';
import { DoneStatus, ReasonsFieldset } from '../ui/review-parts';

type Values = z.input<typeof reviewReasonsSchema>;
type Parsed = z.output<typeof reviewReasonsSchema>;
type Mode = null | 'approve' | 'reject' | 'changes';
type Endpoint = 'start' | 'approve' | 'reject' | 'changes';

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-danger px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-60';

/**
 * The reviewer's buttons on one application: start review, approve (confirmed), reject with reasons
 * and a note (confirmed), ask for changes. Each call carries the status and round this page showed;
 * a 409 says someone else changed it meanwhile. The page reloads its data after each action.
 */
export function ReviewActions({
  id,
  status,
  round,
  name,
  reasonLabels,
}: {
  id: number;
  status: ApplicationStatus;
  round: number;
  name: string;
  reasonLabels: Record<string, string>;
}) {
  const t = useTranslations('Admin.applications');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const uid = useId();
  const [mode, setMode] = useState<Mode>(null);
  const [confirming, setConfirming] = useState<Parsed | 'approve' | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(reviewReasonsSchema), defaultValues: { reasons: [], note: '' } });
  const errors = form.formState.errors;

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const open = status === 'submitted' || status === 'in_review';

  async function act(endpoint: Endpoint, extra: Partial<Parsed> = {}) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await fetchJson<{ status: ApplicationStatus }>(`/api/admin/applications/${id}/${endpoint}`, {
        body: { expected: status, round, ...extra },
        locale,
      });
      setDone(t(`done.${result.status}` as never));
      setMode(null);
      setConfirming(null);
      form.reset({ reasons: [], note: '' });
      router.refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : tc('error'));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  const choose = (next: Mode) => {
    setMode(next);
    setConfirming(next === 'approve' ? 'approve' : null);
    setError(null);
    setDone(null);
  };

  const onReasons = form.handleSubmit((values) => {
    if (mode === 'reject') setConfirming(values);
    else void act('changes', values);
  });

  const noteError = errors.note?.message;
  const reasonsError = errors.reasons?.message ?? (errors.reasons as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <div className="space-y-4">
      <DoneStatus message={done} />
      <FormError message={error} />
      {!open && <p className="text-sm text-muted">{status === 'approved' ? t('closed.approved') : t('closed.waiting')}</p>}
      {open && (
        <div className="flex flex-wrap gap-2">
          {status === 'submitted' && (
            <button type="button" className={adminButtonClass} disabled={busy} onClick={() => act('start')}>
              {t('start')}
            </button>
          )}
          <button type="button" className={adminSecondaryButtonClass} disabled={busy} aria-pressed={mode === 'approve'} onClick={() => choose('approve')}>
            {t('approve')}
          </button>
          <button type="button" className={adminSecondaryButtonClass} disabled={busy} aria-pressed={mode === 'reject'} onClick={() => choose('reject')}>
            {t('reject')}
          </button>
          <button type="button" className={adminSecondaryButtonClass} disabled={busy} aria-pressed={mode === 'changes'} onClick={() => choose('changes')}>
            {t('changes')}
          </button>
        </div>
      )}

      {open && (mode === 'reject' || mode === 'changes') && !confirming && (
        <form onSubmit={onReasons} noValidate className="space-y-4 rounded-xl border border-line bg-white p-4" aria-label={mode === 'reject' ? t('reject') : t('changes')}>
          <ReasonsFieldset uid={uid} legend={t('reasonsLegend')} reasons={REVIEW_REASONS} label={(r) => reasonLabels[r] ?? r} register={() => form.register('reasons')} error={reasonsError} />
          <AdminField id={`${uid}-note`} label={t('noteLabel')} hint={t('noteHint')} error={noteError}>
            <textarea id={`${uid}-note`} rows={4} maxLength={1000} className={adminInputClass} {...describedBy(`${uid}-note`, noteError, true)} {...form.register('note')} />
          </AdminField>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={mode === 'reject' ? dangerButtonClass : adminButtonClass} disabled={busy}>
              {mode === 'reject' ? t('reject') : t('changes')}
            </button>
            <button type="button" className={adminSecondaryButtonClass} onClick={() => choose(null)}>
              {tc('cancel')}
            </button>
          </div>
        </form>
      )}

      {open && confirming && (
        <div role="group" aria-labelledby={`${uid}-confirm`} className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p id={`${uid}-confirm`} className="text-sm font-medium text-ink">
            {confirming === 'approve' ? t('confirmApprove', { name }) : t('confirmReject', { name })}
          </p>
          {confirming !== 'approve' && (
            <ul className="list-disc pl-5 text-sm">
              {confirming.reasons.map((r) => (
                <li key={r}>{reasonLabels[r] ?? r}</li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              ref={confirmButton}
              type="button"
              className={confirming === 'approve' ? adminButtonClass : dangerButtonClass}
              disabled={busy}
              onClick={() => (confirming === 'approve' ? act('approve') : act('reject', confirming))}
            >
              {confirming === 'approve' ? t('confirmApproveYes') : t('confirmRejectYes')}
            </button>
            <button type="button" className={adminSecondaryButtonClass} disabled={busy} onClick={() => (confirming === 'approve' ? choose(null) : setConfirming(null))}>
              {tc('cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
