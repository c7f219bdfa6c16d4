'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { Kind } from './group-state';
import { roomButton } from './types';

/** One participant's video in the group room, with what the others should know about them. */
export function Tile({ stream, name, muted, big, testId, userId, micOff, camOff, hand, speaking, spotlit, received, children }: { stream: MediaStream | null; name: string; muted?: boolean; big?: boolean; testId: string; userId: number; micOff?: boolean; camOff?: boolean; hand?: boolean; speaking?: boolean; spotlit?: boolean; received?: { frames: number; energy: number }; children?: ReactNode }) {
  const t = useTranslations('Room.group');
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <figure
      className={`relative overflow-hidden rounded-xl bg-slate-800 ${big ? 'aspect-video w-full' : 'aspect-video'} ${speaking ? 'ring-4 ring-emerald-400' : ''}`}
      data-testid={testId}
      data-user={userId}
      data-big={big ? 'true' : 'false'}
      data-frames={received?.frames ?? 0}
      data-energy={received?.energy ?? 0}
    >
      <video ref={ref} autoPlay playsInline muted={muted} className="h-full w-full object-cover" aria-label={name} />
      <figcaption className="absolute bottom-1 left-1 flex flex-wrap gap-1 rounded bg-slate-900/80 px-2 py-0.5 text-xs">
        <span>{name}</span>
        {spotlit ? <span data-testid="spotlit">{t('spotlit')}</span> : null}
        {micOff ? <span data-testid="mic-off">{t('micOff')}</span> : null}
        {camOff ? <span data-testid="cam-off">{t('camOff')}</span> : null}
        {hand ? <span data-testid="hand-raised">{t('handUp')}</span> : null}
      </figcaption>
      {children ? <div className="absolute right-1 top-1 flex max-w-full flex-wrap justify-end gap-1">{children}</div> : null}
    </figure>
  );
}

const small = `${roomButton} min-h-9! px-2! py-1! text-xs bg-slate-900/80`;

/**
 * The tutor's buttons on a student's tile: microphone and camera off (or let back: the tutor lifts
 * the block, the student turns it on), spotlight for everyone, remove with a reason.
 */
export function TutorControls({ userId, name, blocked, spotlit, moderate }: { userId: number; name: string; blocked: Record<Kind, boolean>; spotlit: boolean; moderate: (body: Record<string, unknown>) => Promise<unknown> }) {
  const t = useTranslations('Room.group');
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  if (removing) {
    return (
      <form
        className="flex flex-col gap-1 rounded bg-slate-900/90 p-2"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!reason.trim()) return;
          void moderate({ action: 'remove', userId, reason: reason.trim() }).then(() => setRemoving(false));
        }}
      >
        <label className="text-xs">
          {t('reason')}
          <input value={reason} onChange={(ev) => setReason(ev.target.value)} required maxLength={500} className="mt-1 block w-40 rounded bg-slate-700 px-2 py-1 text-sm" />
        </label>
        <span className="flex gap-1">
          <button type="submit" className={`${roomButton} bg-red-700`}>
            {t('removeConfirm')}
          </button>
          <button type="button" className={`${roomButton} bg-slate-700`} onClick={() => setRemoving(false)}>
            {t('cancel')}
          </button>
        </span>
      </form>
    );
  }
  return (
    <>
      <button type="button" className={small} onClick={() => void moderate({ action: blocked.audio ? 'unmute' : 'mute', userId, kind: 'audio' })} aria-label={t(blocked.audio ? 'allowMicWho' : 'muteWho', { name })} aria-pressed={blocked.audio}>
        {t(blocked.audio ? 'allowMic' : 'mute')}
      </button>
      <button type="button" className={small} onClick={() => void moderate({ action: blocked.video ? 'unmute' : 'mute', userId, kind: 'video' })} aria-label={t(blocked.video ? 'allowCamWho' : 'camOffWho', { name })} aria-pressed={blocked.video}>
        {t(blocked.video ? 'allowCam' : 'camOffShort')}
      </button>
      <button type="button" className={small} onClick={() => void moderate({ action: 'spotlight', userId: spotlit ? null : userId })} aria-label={t(spotlit ? 'unspotlightWho' : 'spotlightWho', { name })} aria-pressed={spotlit}>
        {t(spotlit ? 'unspotlight' : 'spotlight')}
      </button>
      <button
        type="button"
        className={small}
        onClick={() => {
          setReason('');
          setRemoving(true);
        }}
        aria-label={t('removeWho', { name })}
      >
        {t('remove')}
      </button>
    </>
  );
}
