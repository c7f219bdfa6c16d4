'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { AdminField } from '../ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from '../ui/form';

/**
 * The reviewer's buttons on one submitted profile: approve (publishes it) or return it with a
 * reason. Each call carries the submission time this page showed: a newer one is a 409.
 * `submittedAt` null: nothing waits for review. The page renders this component either way, so the
 * outcome of a decision stays on screen when the refreshed page no longer has anything pending.
 */
export function ProfileReviewActions({ id, submittedAt }: { id: number; submittedAt: string | null }) {
  const t = useTranslations('Admin.profiles');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const uid = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
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
    try {
      const result = await fetchJson<{ status: 'approved' | 'rejected' }>(`/api/admin/profiles/${id}/${action}`, {
        body: action === 'approve' ? { submittedAt } : { submittedAt, reason },
        locale,
      });
      setDone(t(`done.${result.status}`));
      setRejecting(false);
      router.refresh();
    } catch (err) {
      const fields = err instanceof ApiCallError ? err.fields : undefined;
      if (fields?.reason) setReasonError(fields.reason);
      else setError(err instanceof Error ? err.message : tc('error'));
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
          <AdminField id={`${uid}-reason`} label={t('reason')} error={reasonError}>
            <textarea
              id={`${uid}-reason`}
              rows={4}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={adminInputClass}
              {...describedBy(`${uid}-reason`, reasonError, false)}
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
