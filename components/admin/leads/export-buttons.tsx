'use client';

import { useId } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useLocale } from '@/i18n/navigation';
import { adminSecondaryButtonClass } from '@/components/admin/ui/form';

/**
 * "Download CSV" and "Download Excel" for the leads list's header: plain links to the export calls
 * with the list's current filters (the page's query, without its page number) and the page's
 * language for the header row. A link, not a fetch: the browser streams the file to disk itself.
 */
export function ExportButtons() {
  const t = useTranslations('Admin.exports');
  const locale = useLocale();
  const search = useSearchParams();
  const noteId = useId();
  const query = new URLSearchParams(search?.toString() ?? '');
  query.delete('page');
  query.delete('pageSize');
  query.set('lang', locale);
  const href = (format: 'csv' | 'xlsx') => `/api/admin/leads/export.${format}?${query}`;
  return (
    <div role="group" aria-label={t('group')} className="flex flex-wrap items-center gap-2">
      <a href={href('csv')} download className={adminSecondaryButtonClass} aria-describedby={noteId} title={t('note')}>
        {t('csv')}
      </a>
      <a href={href('xlsx')} download className={adminSecondaryButtonClass} aria-describedby={noteId} title={t('note')}>
        {t('xlsx')}
      </a>
      <span id={noteId} className="sr-only">
        {t('note')}
      </span>
    </div>
  );
}
