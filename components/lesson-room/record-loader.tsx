'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';

function Loading() {
  const t = useTranslations('Record');
  return <p className="p-6 text-center" role="status">{t('loading')}</p>;
}

// The record's code loads only on /lesson/{id}/record, in the browser.
const RecordApp = dynamic(() => import('./record-app').then((m) => m.RecordApp), { ssr: false, loading: Loading });

export function RecordLoader({ lessonId }: { lessonId: number }) {
  return <RecordApp lessonId={lessonId} />;
}
