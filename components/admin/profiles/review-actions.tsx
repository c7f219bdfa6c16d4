'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { AdminField } from '../ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from '../ui/form';
import { DoneStatus, ReasonsFieldset } from '../ui/review-parts';
import { PROFILE_RETURN_REASONS, profileRejectSchema, type ProfileReturnReason } from '@/lib/validations/tutor-profile';

type Values = z.input<typeof profileRejectSchema>;
type Parsed = z.output<typeof profileRejectSchema>;

/**
 * The reviewer's buttons on one submitted profile: approve (publishes it) or return it with the
 * reasons ticked from the list and a note (required with "other"), checked in the browser with the
 * server's own schema (react-hook-form, as the application review). Each call carries the submission
 * time this page showed: a newer one is a 409.
 * `submittedAt` null: nothing waits for review. The page renders this component either way, so the
 * outcome of a decision stays on screen when the refreshed page no longer has anything pending.
 */
export function ProfileReviewActions({ id, submittedAt, reasonLabels }: { id: number; submittedAt: string | null; reasonLabels: Record<ProfileReturnReason, string> }) {
  const t = useTranslations('Admin.profiles');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const uid = useId();
  const [rejecting, setRejecting] = useState(false);
  const tv = useTranslations('Validation');
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(profileRejectSchema), defaultValues: { reasons: [], reason: '' } });
  const errors = form.formState.errors;
  const message = (code: string | undefined) => (code && tv.has(code as never) ? tv(code as never) : code);
  const reasonError = message(errors.reason?.message);
  const reasonsError = errors.reasons?.message ?? (errors.reasons as { root?: { message?: string } } | undefined)?.root?.message;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function act(action: 'approve' | 'reject', values?: Parsed) {
    setBusy(true);
    setError(null);
    try {
      const result = await fetchJson<{ status: 'approved' | 'rejected' }>(`/api/admin/profiles/${id}/${action}`, {
        body: action === 'approve' ? { submittedAt } : { submittedAt, ...values },
        locale,
      });
      setDone(t(`done.${result.status}`));
      setRejecting(false);
      router.refresh();
    } catch (err) {
      const fields = err instanceof ApiCallError ? err.fields : undefined;
      if (fields?.reason || fields?.reasons) {
        if (fields.reason) form.setError('reason', { message: fields.reason });
        if (fields.reasons) form.setError('reasons', { message: fields.reasons });
      } else setError(err instanceof Error ? err.message : tc('error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <DoneStatus message={done} />
      <FormError message={error} />
      {!done && !submittedAt && (
        <p className="text-muted" data-testid="profile-not-pending">
          {t('notPending')}
        </p>
      )}
      {!done && submittedAt && !rejecting && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={adminButtonClass} disabled={busy} onClick={() => act('approve')}>
            {t('approve')}
          </button>
          <button type="button" className={adminSecondaryButtonClass} disabled={busy} onClick={() => setRejecting(true)}>
            {t('reject')}
          </button>
        </div>
      )}
      {!done && submittedAt && rejecting && (
        <form
          noValidate
          aria-label={t('reject')}
          className="space-y-4 rounded-xl border border-line bg-white p-4"
          onSubmit={form.handleSubmit((values) => act('reject', values))}
        >
          <ReasonsFieldset uid={uid} legend={t('reasonsLegend')} reasons={PROFILE_RETURN_REASONS} label={(r) => reasonLabels[r]} register={() => form.register('reasons')} error={reasonsError} />
          <AdminField id={`${uid}-reason`} label={t('noteLabel')} hint={t('noteHint')} error={reasonError}>
            <textarea
              id={`${uid}-reason`}
              rows={4}
              maxLength={1000}
              className={adminInputClass}
              {...describedBy(`${uid}-reason`, reasonError, true)}
              {...form.register('reason')}
            />
          </AdminField>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButtonClass} disabled={busy}>
              {t('confirmReject')}
            </button>
            <button type="button" className={adminSecondaryButtonClass} onClick={() => setRejecting(false)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
