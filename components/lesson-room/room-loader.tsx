'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';

function Loading() {
  const t = useTranslations('Room');
  return <p className="p-6 text-center" role="status">{t('loading')}</p>;
}

// WebRTC, the stream and the panels load only on /lesson/*, in the browser.
const RoomApp = dynamic(() => import('./room-app').then((m) => m.RoomApp), { ssr: false, loading: Loading });

export function RoomLoader({ lessonId }: { lessonId: number }) {
  return <RoomApp lessonId={lessonId} />;
}
