'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { AdminField } from '../ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from '../ui/form';
import { PROFILE_RETURN_REASONS, type ProfileReturnReason } from '@/lib/validations/tutor-profile';

/**
 * The reviewer's buttons on one submitted profile: approve (publishes it) or return it with the
 * reasons ticked from the list and a note (required with "other"). Each call carries the submission time this page showed: a newer one is a 409.
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
  const [reasons, setReasons] = useState<ProfileReturnReason[]>([]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [reasonsError, setReasonsError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function act(action: 'approve' | 'reject') {
    setBusy(true);
    setError(null);
    setReasonError(undefined);
    setReasonsError(undefined);
    try {
      const result = await fetchJson<{ status: 'approved' | 'rejected' }>(`/api/admin/profiles/${id}/${action}`, {
        body: action === 'approve' ? { submittedAt } : { submittedAt, reasons, reason },
        locale,
      });
      setDone(t(`done.${result.status}`));
      setRejecting(false);
      router.refresh();
    } catch (err) {
      const fields = err instanceof ApiCallError ? err.fields : undefined;
      if (fields?.reason || fields?.reasons) {
        setReasonError(fields.reason);
        setReasonsError(fields.reasons);
      } else setError(err instanceof Error ? err.message : tc('error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div role="status" aria-live="polite" className="empty:hidden">
        {done && (
          <p ref={doneRef} tabIndex={-1} className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 focus:outline-none">
            {done}
          </p>
        )}
      </div>
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
          onSubmit={(e) => {
            e.preventDefault();
            void act('reject');
          }}
        >
          <fieldset aria-describedby={reasonsError ? `${uid}-reasons-error` : undefined}>
            <legend className="mb-2 text-sm font-medium text-ink">{t('reasonsLegend')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {PROFILE_RETURN_REASONS.map((r) => (
                <label key={r} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={r}
                    checked={reasons.includes(r)}
                    onChange={(e) => setReasons((now) => (e.target.checked ? [...now, r] : now.filter((x) => x !== r)))}
                    className="mt-0.5 size-4 accent-brand"
                  />
                  <span>{reasonLabels[r]}</span>
                </label>
              ))}
            </div>
            {reasonsError && (
              <p id={`${uid}-reasons-error`} className="mt-1 text-sm text-danger">
                {reasonsError}
              </p>
            )}
          </fieldset>
          <AdminField id={`${uid}-reason`} label={t('noteLabel')} hint={t('noteHint')} error={reasonError}>
            <textarea
              id={`${uid}-reason`}
              rows={4}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={adminInputClass}
              {...describedBy(`${uid}-reason`, reasonError, true)}
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
