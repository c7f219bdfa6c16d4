'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { openChannel, type Channel, type RoomEvent } from '@/lib/browser/lesson-room/channel';
import { GroupCall, type RemoteFeed, type SfuAccess } from '@/lib/browser/lesson-room/janus';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { ChatPanel, type ChatLine } from './chat-panel';
import { roomButton, type JoinMedia, type RoomInfo } from './types';

/** A participant's feed ids are `userId × FEED_SPAN + n` (lib/lesson-room/sfu.ts). */
const FEED_SPAN = 1_000_000;
const ownerOf = (feedId: number) => Math.floor(feedId / FEED_SPAN);
/** Narrower than this: the phone's layout (the active speaker large, a strip) and the low simulcast layer. */
const PHONE_QUERY = '(max-width: 640px)';

function Tile({ stream, name, muted, big, testId, userId, micOff, camOff, hand, speaking, received, children }: { stream: MediaStream | null; name: string; muted?: boolean; big?: boolean; testId: string; userId: number; micOff?: boolean; camOff?: boolean; hand?: boolean; speaking?: boolean; received?: { frames: number; energy: number }; children?: ReactNode }) {
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
      data-frames={received?.frames ?? 0}
      data-energy={received?.energy ?? 0}
    >
      <video ref={ref} autoPlay playsInline muted={muted} className="h-full w-full object-cover" aria-label={name} />
      <figcaption className="absolute bottom-1 left-1 flex gap-1 rounded bg-slate-900/80 px-2 py-0.5 text-xs">
        <span>{name}</span>
        {micOff ? <span data-testid="mic-off">{t('micOff')}</span> : null}
        {camOff ? <span>{t('camOff')}</span> : null}
        {hand ? <span data-testid="hand-raised">{t('handUp')}</span> : null}
      </figcaption>
      {children ? <div className="absolute right-1 top-1 flex flex-wrap justify-end gap-1">{children}</div> : null}
    </figure>
  );
}

/**
 * A group lesson's room: media through the school's Janus (lib/browser/lesson-room/janus.ts; access
 * from POST /api/lessons/{id}/sfu), chat and presence over the room's stored channel. A grid on a
 * laptop; on a phone the active speaker large and the others in a strip, receiving the low layer.
 */
export function GroupRoom({ info, media, onClosed }: { info: RoomInfo; media: JoinMedia; onClosed: (status: number, message: string) => void }) {
  const t = useTranslations('Room');
  const locale = useLocale();
  const call = useRef<GroupCall | null>(null);
  const channel = useRef<Channel | null>(null);
  const [feeds, setFeeds] = useState<RemoteFeed[]>([]);
  const [speaker, setSpeaker] = useState<number | null>(null);
  const [talking, setTalking] = useState<Set<number>>(new Set());
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  const tracks = useRef({ audio: media.audio, video: media.video });
  const [hasAudio] = useState(Boolean(media.audio));
  const [hasVideo] = useState(Boolean(media.video));
  const [micOn, setMicOn] = useState(Boolean(media.audio));
  const [camOn, setCamOn] = useState(Boolean(media.video));
  const [state, setState] = useState<'connecting' | 'connected' | 'failed'>('connecting');
  const [chat, setChat] = useState<ChatLine[]>([]);
  /** What arrives from each feed (getStats of the subscription, by mid): frames decoded, audio energy. */
  const [received, setReceived] = useState<Map<string, { frames: number; energy: number }>>(new Map());
  /** Each participant's own microphone and camera state (their presence events), by user id. */
  const [mediaOf, setMediaOf] = useState<Record<number, { audio: boolean; video: boolean; hand?: boolean }>>({});
  const [hand, setHand] = useState(false);
  /** Students the tutor removed: their tiles go at once (Janus's kick follows). */
  const [removedUsers, setRemovedUsers] = useState<number[]>([]);
  const [local] = useState(() => new MediaStream([media.audio, media.video].filter((x): x is MediaStreamTrack => Boolean(x))));
  const [removing, setRemoving] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const people = new Map((info.people ?? []).map((p) => [p.id, p]));
  const nameOf = (userId: number) => people.get(userId)?.name ?? '';

  useEffect(() => {
    const q = window.matchMedia(PHONE_QUERY);
    const narrow = q.matches;
    const onChange = () => setPhone(q.matches);
    q.addEventListener('change', onChange);
    const relayOnly = new URLSearchParams(window.location.search).get('relay') === '1';
    let gone = false;
    const sendPresence = (audio: boolean, video: boolean) => void channel.current?.send('presence', { audio, video }).catch(() => {});
    const onEvent = (e: RoomEvent) => {
      const from = typeof e.payload.from === 'number' ? e.payload.from : null;
      if (e.kind === 'chat') {
        const mine = from === info.me;
        const who = from !== null ? nameOf(from) : '';
        setChat((c) => [...c, { seq: e.seq, mine, text: mine || !who ? String(e.payload.text) : `${who}: ${String(e.payload.text)}`, at: e.at }]);
      } else if (e.kind === 'presence' && e.side === 'server' && typeof e.payload.userId === 'number') {
        const who = e.payload.userId;
        if (e.payload.removed === true) {
          if (who === info.me) {
            gone = true;
            call.current?.close();
            onClosed(403, t('group.removed'));
          }
          setRemovedUsers((r) => [...r, who]);
        } else if (e.payload.mutedBy === 'tutor') {
          const kind = e.payload.video === false ? 'video' : 'audio';
          if (who === info.me) {
            const track = tracks.current[kind];
            if (track) track.enabled = false;
            if (kind === 'audio') setMicOn(false);
            else setCamOn(false);
          }
          setMediaOf((m) => ({ ...m, [who]: { audio: m[who]?.audio ?? true, video: m[who]?.video ?? true, [kind]: false } }));
        }
      } else if (e.kind === 'presence' && e.side !== 'server' && from !== null) {
        setMediaOf((m) => ({ ...m, [from]: { audio: Boolean(e.payload.audio), video: Boolean(e.payload.video), hand: e.payload.hand === true } }));
      }
    };
    const ch = openChannel(info.lesson.id, locale, {
      onEvent,
      onReady: () => sendPresence(Boolean(media.audio?.enabled), Boolean(media.video)),
      onClosed: (r) => onClosed(r.status, r.message ?? t('state.ended')),
    });
    channel.current = ch;
    void api
      .post<SfuAccess & { iceServers: RTCIceServer[] }>(`/api/lessons/${info.lesson.id}/sfu`)
      .then(async ({ data }) => {
        if (gone) return;
        const c = new GroupCall(data, {
          relayOnly,
          lowLayer: narrow,
          handlers: {
            onFeeds: setFeeds,
            onTalking: (feedId, on) => {
              setTalking((s) => {
                const next = new Set(s);
                if (on) next.add(feedId);
                else next.delete(feedId);
                return next;
              });
              if (on) setSpeaker(feedId);
            },
            onState: (s) => setState(s === 'connected' ? 'connected' : s === 'failed' ? 'failed' : 'connecting'),
            onGone: () => {
              if (gone) return;
              // Sent away by Janus: the room says why (removed by the tutor, the lesson over), else "gone".
              void api.get(`/api/lessons/${info.lesson.id}/room`).then(
                () => !gone && onClosed(403, t('group.gone')),
                (err: unknown) => !gone && onClosed((err as { response?: { status?: number } }).response?.status ?? 403, apiErrorBody(err)?.message ?? t('group.gone')),
              );
            },
          },
        });
        call.current = c;
        await c.start({ audio: media.audio, video: media.video });
      })
      .catch((err: unknown) => {
        if (gone) return;
        const status = (err as { response?: { status?: number } }).response?.status;
        if (status) onClosed(status, apiErrorBody(err)?.message ?? t('failed'));
        else setState('failed');
      });
    const stats = setInterval(() => void call.current?.received().then(setReceived).catch(() => {}), 1000);
    return () => {
      clearInterval(stats);
      gone = true;
      q.removeEventListener('change', onChange);
      ch.close();
      call.current?.close();
      for (const tr of [media.audio, media.video]) tr?.stop();
    };
    // The room starts once per mount; its inputs do not change while it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (kind: 'audio' | 'video') => {
    const on = kind === 'audio' ? !micOn : !camOn;
    const track = tracks.current[kind];
    if (!track) return;
    track.enabled = on;
    call.current?.setEnabled(kind, on);
    if (kind === 'audio') setMicOn(on);
    else setCamOn(on);
    void channel.current?.send('presence', { audio: kind === 'audio' ? on : micOn, video: kind === 'video' ? on : camOn, hand }).catch(() => {});
  };
  const toggleHand = () => {
    setHand(!hand);
    void channel.current?.send('presence', { audio: micOn, video: camOn, hand: !hand }).catch(() => {});
  };

  const moderate = (body: Record<string, unknown>) => api.post(`/api/lessons/${info.lesson.id}/room/moderate`, body).catch(() => {});
  const tutorControls = (user: number) =>
    info.side !== 'tutor' || people.get(user)?.side !== 'student' ? null : removing === user ? (
      <form
        className="flex flex-col gap-1 rounded bg-slate-900/90 p-2"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!reason.trim()) return;
          void moderate({ action: 'remove', userId: user, reason: reason.trim() }).then(() => setRemoving(null));
        }}
      >
        <label className="text-xs">
          {t('group.reason')}
          <input value={reason} onChange={(ev) => setReason(ev.target.value)} required maxLength={500} className="mt-1 block w-40 rounded bg-slate-700 px-2 py-1 text-sm" />
        </label>
        <span className="flex gap-1">
          <button type="submit" className={`${roomButton} bg-red-700`}>
            {t('group.removeConfirm')}
          </button>
          <button type="button" className={`${roomButton} bg-slate-700`} onClick={() => setRemoving(null)}>
            {t('group.cancel')}
          </button>
        </span>
      </form>
    ) : (
      <>
        <button type="button" className={`${roomButton} bg-slate-900/80`} onClick={() => void moderate({ action: 'mute', userId: user, kind: 'audio' })} aria-label={t('group.muteWho', { name: nameOf(user) })}>
          {t('group.mute')}
        </button>
        <button
          type="button"
          className={`${roomButton} bg-slate-900/80`}
          onClick={() => {
            setReason('');
            setRemoving(user);
          }}
          aria-label={t('group.removeWho', { name: nameOf(user) })}
        >
          {t('group.remove')}
        </button>
      </>
    );

  const tileOf = (f: RemoteFeed, big = false) => {
    const user = ownerOf(f.feedId);
    return (
      <Tile
        key={f.feedId}
        stream={f.stream}
        name={nameOf(user)}
        big={big}
        testId="group-tile"
        userId={user}
        micOff={mediaOf[user]?.audio === false}
        camOff={mediaOf[user]?.video === false}
        hand={mediaOf[user]?.hand === true}
        speaking={talking.has(f.feedId)}
        received={{ frames: received.get(f.mids.video ?? '')?.frames ?? 0, energy: received.get(f.mids.audio ?? '')?.energy ?? 0 }}
      >
        {tutorControls(user)}
      </Tile>
    );
  };
  const self = <Tile key="me" stream={local} name={t('group.you')} muted testId="group-self" userId={info.me ?? 0} micOff={!micOn} camOff={!camOn} />;
  const shown = feeds.filter((f) => !removedUsers.includes(ownerOf(f.feedId)));
  const main = shown.find((f) => f.feedId === speaker) ?? shown[0];

  return (
    <div className="flex min-h-dvh flex-col lg:flex-row" data-testid="group-room" data-layout={phone ? 'speaker' : 'grid'} data-state={state}>
      <section className="flex flex-1 flex-col gap-3 p-2 sm:p-4" aria-label={t('group.title')}>
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-lg font-semibold">{t('group.title')}</h1>
          <p role="status" className="text-sm text-slate-300">
            {state === 'failed' ? t('group.failed') : state === 'connected' ? t('group.count', { count: shown.length + 1 }) : t('state.connecting')}
          </p>
        </header>
        {phone ? (
          <>
            {main ? tileOf(main, true) : <p className="rounded-xl bg-slate-800 p-6 text-center">{t('group.alone')}</p>}
            <div className="flex gap-2 overflow-x-auto [&>figure]:w-28 [&>figure]:shrink-0" data-testid="group-strip">
              {shown.filter((f) => f !== main).map((f) => tileOf(f))}
              {self}
            </div>
          </>
        ) : (
          <div className="grid flex-1 auto-rows-min grid-cols-2 gap-2 xl:grid-cols-3" data-testid="group-grid">
            {shown.map((f) => tileOf(f))}
            {self}
          </div>
        )}
        <div role="toolbar" aria-label={t('controls.label')} className="flex flex-wrap justify-center gap-2">
          <button type="button" className={`${roomButton} ${micOn ? 'bg-slate-700' : 'bg-red-700'}`} onClick={() => toggle('audio')} disabled={!hasAudio} aria-pressed={!micOn} data-testid="toggle-mic">
            {micOn ? t('controls.micOff') : t('controls.micOn')}
          </button>
          <button type="button" className={`${roomButton} ${camOn ? 'bg-slate-700' : 'bg-red-700'}`} onClick={() => toggle('video')} disabled={!hasVideo} aria-pressed={!camOn} data-testid="toggle-cam">
            {camOn ? t('controls.camOff') : t('controls.camOn')}
          </button>
          {info.side === 'student' ? (
            <button type="button" className={`${roomButton} ${hand ? 'bg-amber-600' : 'bg-slate-700'}`} onClick={toggleHand} aria-pressed={hand} data-testid="raise-hand">
              {hand ? t('group.handDown') : t('group.handRaise')}
            </button>
          ) : null}
          {info.side === 'tutor' ? (
            <button type="button" className={`${roomButton} bg-slate-700`} onClick={() => void moderate({ action: 'mute_all' })} data-testid="mute-all">
              {t('group.muteAll')}
            </button>
          ) : null}
        </div>
      </section>
      <aside className="flex w-full flex-col border-slate-700 p-2 sm:p-4 lg:w-96 lg:border-l" aria-label={t('tabs.label')}>
        <ChatPanel lines={chat} send={(text) => channel.current?.send('chat', { text }) ?? Promise.resolve()} />
      </aside>
    </div>
  );
}
