'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import { adminButtonClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';

/**
 * The review's two steps on a course's page: its author sends it to review, a second methodologist
 * publishes it. The server holds the rule (403 for the one who sent it); its message is shown here.
 */
export function CourseActions({ courseId, canSubmit, canPublish }: { courseId: number; canSubmit: boolean; canPublish: boolean }) {
  const t = useTranslations('Admin.library');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  async function act(what: 'submit' | 'publish') {
    setBusy(true);
    setStatus(null);
    try {
      await fetchJson(`/api/admin/library/courses/${courseId}/${what}`, { body: {}, locale });
      setStatus({ ok: true, text: what === 'submit' ? t('submitted') : t('published') });
      router.refresh();
    } catch (err) {
      setStatus({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canSubmit && (
        <button type="button" className={adminSecondaryButtonClass} disabled={busy} onClick={() => act('submit')}>
          {t('submit')}
        </button>
      )}
      {canPublish && (
        <button type="button" className={adminButtonClass} disabled={busy} onClick={() => act('publish')}>
          {t('publish')}
        </button>
      )}
      <p role="status" className={`text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`} data-testid="course-action-status">
        {status?.text}
      </p>
    </div>
  );
}
