'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useRequireAuth } from '@/components/auth/require-auth';
import { localePath } from '@/components/auth/return-path';
import { PreJoin } from './prejoin';
import { Room } from './room';
import type { JoinMedia, RoomInfo } from './types';
import { useLessonGet } from './use-lesson-get';

// A group lesson's room (media through Janus) loads only for a group lesson.
const GroupRoom = dynamic(() => import('./group-room').then((m) => m.GroupRoom), { ssr: false });

/** The room's stages: the session and the right to enter, the pre-join check, the call. */
export function RoomApp({ lessonId }: { lessonId: number }) {
  const t = useTranslations('Room');
  const locale = useLocale();
  const { signedIn } = useRequireAuth();
  const { data: info, refusal, setRefusal } = useLessonGet<RoomInfo>(`/api/lessons/${lessonId}/room`, signedIn, t('failed'));
  const [media, setMedia] = useState<JoinMedia | null>(null);

  // The lesson ended with the student in the room: the way on is to rate it (the cabinet asks) and to reopen its materials.
  if (refusal) return <Refusal status={refusal.status} message={refusal.message} cabinet={localePath(locale, '/cabinet')} ended={Boolean(media) && info?.side === 'student'} />;
  if (!info) return <p className="p-6 text-center" role="status">{t('loading')}</p>;
  if (!media) return <PreJoin info={info} onJoin={setMedia} />;
  if (info.kind === 'group') return <GroupRoom info={info} media={media} onClosed={(status, message) => setRefusal({ status, message })} />;
  return <Room info={info} media={media} onClosed={(status, message) => setRefusal({ status, message })} />;
}

function Refusal({ status, message, cabinet, ended = false }: { status: number; message: string; cabinet: string; ended?: boolean }) {
  const t = useTranslations('Room');
  return (
    <section className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6" data-testid="room-refusal" data-status={status}>
      {status ? <p className="text-5xl font-bold text-slate-400">{status}</p> : null}
      <h1 className="text-2xl font-bold">{status === 403 ? t('forbiddenTitle') : status === 409 ? t('closedTitle') : t('failed')}</h1>
      <p>{message}</p>
      {ended ? <p>{t('rateAfter')}</p> : null}
      <a href={cabinet} className="font-semibold text-sky-300 underline">
        {ended ? t('toRate') : t('toCabinet')}
      </a>
    </section>
  );
}
