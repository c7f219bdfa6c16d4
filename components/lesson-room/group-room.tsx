'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { openChannel, type Channel, type RoomEvent } from '@/lib/browser/lesson-room/channel';
import { GroupCall, type RemoteFeed, type SfuAccess } from '@/lib/browser/lesson-room/janus';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import type { ChatLine } from './chat-panel';
import { GroupPanels } from './group-panels';
import { groupEvent, initialGroupState, ownChange, type Kind } from './group-state';
import { Tile, TutorControls } from './group-tile';
import { usePanelState } from './panels';
import { roomButton, type JoinMedia, type RoomInfo } from './types';

/** A participant's feed ids are `userId × FEED_SPAN + n` (lib/lesson-room/sfu.ts). */
const FEED_SPAN = 1_000_000;
const ownerOf = (feedId: number) => Math.floor(feedId / FEED_SPAN);
/** Narrower than this: the phone's layout (the active speaker large, a strip) and the low simulcast layer. */
const PHONE_QUERY = '(max-width: 640px)';

/**
 * A group lesson's room: media through the school's Janus (lib/browser/lesson-room/janus.ts; access
 * from POST /api/lessons/{id}/sfu), chat, notes, words, board and presence over the room's stored
 * channel. A grid on a laptop; on a phone the active speaker large and the others in a strip,
 * receiving the low layer; the one the tutor spotlights large on every page. The tutor's controls
 * go through the server (POST …/room/moderate), which tells Janus and every page.
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
  const panels = usePanelState();
  /** What arrives from each feed (getStats of the subscription, by mid): frames decoded, audio energy. */
  const [received, setReceived] = useState<Map<string, { frames: number; energy: number }>>(new Map());
  /** Each participant's media, the tutor's blocks, removals, the spotlight, the board's mode (components/lesson-room/group-state.ts). */
  const [room, setRoom] = useState(initialGroupState);
  const [hand, setHand] = useState(false);
  const [local] = useState(() => new MediaStream([media.audio, media.video].filter((x): x is MediaStreamTrack => Boolean(x))));
  const people = new Map((info.people ?? []).map((p) => [p.id, p]));
  const nameOf = (userId: number) => people.get(userId)?.name ?? '';
  const me = info.me ?? 0;
  const mine = room.blocked[me] ?? { audio: false, video: false };

  useEffect(() => {
    const q = window.matchMedia(PHONE_QUERY);
    const narrow = q.matches;
    const onChange = () => setPhone(q.matches);
    q.addEventListener('change', onChange);
    const relayOnly = new URLSearchParams(window.location.search).get('relay') === '1';
    let gone = false;
    /** The tutor turned this participant's microphone or camera off: the track stops sending here too. */
    const blockOwn = (kind: Kind) => {
      const track = tracks.current[kind];
      if (track) track.enabled = false;
      call.current?.setEnabled(kind, false);
      if (kind === 'audio') setMicOn(false);
      else setCamOn(false);
    };
    const onEvent = (e: RoomEvent) => {
      const from = typeof e.payload.from === 'number' ? e.payload.from : null;
      setRoom((s) => groupEvent(s, e));
      if (e.kind === 'chat') {
        const own = from === info.me;
        const who = from !== null ? nameOf(from) : '';
        setChat((c) => [...c, { seq: e.seq, mine: own, text: own || !who ? String(e.payload.text) : `${who}: ${String(e.payload.text)}`, at: e.at }]);
      } else if (panels.take(e)) return;
      else if (e.kind === 'presence' && e.side === 'server' && e.payload.userId === info.me && e.payload.removed === true) {
        gone = true;
        call.current?.close();
        onClosed(403, t('group.removed'));
      } else {
        const own = ownChange(e, info.me);
        if (own?.blocked) blockOwn(own.kind);
      }
    };
    const ch = openChannel(info.lesson.id, locale, {
      onEvent,
      onReady: () => void channel.current?.send('presence', { audio: Boolean(tracks.current.audio?.enabled), video: Boolean(tracks.current.video?.enabled) }).catch(() => {}),
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
        // A track the tutor turned off before this page published (the log came first) goes out off.
        await c.start({ audio: media.audio, video: media.video });
        for (const kind of ['audio', 'video'] as const) if (tracks.current[kind] && !tracks.current[kind].enabled) c.setEnabled(kind, false);
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

  const sendPresence = (audio: boolean, video: boolean, raised: boolean) => void channel.current?.send('presence', { audio, video, hand: raised }).catch(() => {});
  const toggle = (kind: Kind) => {
    const on = kind === 'audio' ? !micOn : !camOn;
    const track = tracks.current[kind];
    // Off by the tutor: theirs to let back first (Janus would not relay it anyway).
    if (!track || (on && mine[kind])) return;
    track.enabled = on;
    call.current?.setEnabled(kind, on);
    if (kind === 'audio') setMicOn(on);
    else setCamOn(on);
    sendPresence(kind === 'audio' ? on : micOn, kind === 'video' ? on : camOn, hand);
  };
  const toggleHand = () => {
    setHand(!hand);
    sendPresence(micOn, camOn, !hand);
  };
  const moderate = (body: Record<string, unknown>) => api.post(`/api/lessons/${info.lesson.id}/room/moderate`, body).catch(() => {});

  const shown = feeds.filter((f) => !room.removed.includes(ownerOf(f.feedId)));
  const spot = room.spotlight;
  const spotFeed = spot !== null ? shown.find((f) => ownerOf(f.feedId) === spot) : undefined;
  const selfSpot = spot !== null && spot === info.me;
  const layout = spotFeed || selfSpot ? 'spotlight' : phone ? 'speaker' : 'grid';
  const main = layout === 'spotlight' ? spotFeed : (shown.find((f) => f.feedId === speaker) ?? shown[0]);

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
        micOff={room.media[user]?.audio === false}
        camOff={room.media[user]?.video === false}
        hand={room.media[user]?.hand === true}
        speaking={talking.has(f.feedId)}
        spotlit={spot === user}
        received={{ frames: received.get(f.mids.video ?? '')?.frames ?? 0, energy: received.get(f.mids.audio ?? '')?.energy ?? 0 }}
      >
        {info.side === 'tutor' && people.get(user)?.side === 'student' ? <TutorControls userId={user} name={nameOf(user)} blocked={room.blocked[user] ?? { audio: false, video: false }} spotlit={spot === user} moderate={moderate} /> : null}
      </Tile>
    );
  };
  const self = (big = false) => <Tile key="me" stream={local} name={t('group.you')} muted big={big} testId="group-self" userId={me} micOff={!micOn} camOff={!camOn} spotlit={selfSpot} />;
  const blockedNotice = [mine.audio ? t('group.blockedMic') : null, mine.video ? t('group.blockedCam') : null].filter(Boolean).join(' ');

  return (
    <div className="flex min-h-dvh flex-col lg:flex-row" data-testid="group-room" data-layout={layout} data-spotlight={spot ?? ''} data-state={state}>
      <section className="flex flex-1 flex-col gap-3 p-2 sm:p-4" aria-label={t('group.title')}>
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-lg font-semibold">{t('group.title')}</h1>
          <p role="status" className="text-sm text-slate-300">
            {state === 'failed' ? t('group.failed') : state === 'connected' ? t('group.count', { count: shown.length + 1 }) : t('state.connecting')}
          </p>
        </header>
        {layout === 'grid' ? (
          <div className="grid flex-1 auto-rows-min grid-cols-2 gap-2 xl:grid-cols-3" data-testid="group-grid">
            {shown.map((f) => tileOf(f))}
            {self()}
          </div>
        ) : (
          <>
            {selfSpot ? self(true) : main ? tileOf(main, true) : <p className="rounded-xl bg-slate-800 p-6 text-center">{t('group.alone')}</p>}
            <div className="flex gap-2 overflow-x-auto [&>figure]:w-28 [&>figure]:shrink-0 sm:[&>figure]:w-40" data-testid="group-strip">
              {shown.filter((f) => f !== main).map((f) => tileOf(f))}
              {selfSpot ? null : self()}
            </div>
          </>
        )}
        {blockedNotice ? (
          <p role="status" className="text-center text-sm text-amber-300" data-testid="blocked-notice">
            {blockedNotice}
          </p>
        ) : null}
        <div role="toolbar" aria-label={t('controls.label')} className="flex flex-wrap justify-center gap-2">
          <button type="button" className={`${roomButton} ${micOn ? 'bg-slate-700' : 'bg-red-700'}`} onClick={() => toggle('audio')} disabled={!hasAudio || (!micOn && mine.audio)} aria-pressed={!micOn} data-testid="toggle-mic">
            {micOn ? t('controls.micOff') : t('controls.micOn')}
          </button>
          <button type="button" className={`${roomButton} ${camOn ? 'bg-slate-700' : 'bg-red-700'}`} onClick={() => toggle('video')} disabled={!hasVideo || (!camOn && mine.video)} aria-pressed={!camOn} data-testid="toggle-cam">
            {camOn ? t('controls.camOff') : t('controls.camOn')}
          </button>
          {info.side === 'student' ? (
            <button type="button" className={`${roomButton} ${hand ? 'bg-amber-600' : 'bg-slate-700'}`} onClick={toggleHand} aria-pressed={hand} data-testid="raise-hand">
              {hand ? t('group.handDown') : t('group.handRaise')}
            </button>
          ) : null}
          {info.side === 'tutor' ? (
            <>
              <button type="button" className={`${roomButton} bg-slate-700`} onClick={() => void moderate({ action: 'mute_all' })} data-testid="mute-all">
                {t('group.muteAll')}
              </button>
              <button type="button" className={`${roomButton} bg-slate-700`} onClick={() => void moderate({ action: 'spotlight', userId: spot === null ? me : null })} data-testid="spotlight-self">
                {spot === null ? t('group.spotlightMe') : t('group.unspotlight')}
              </button>
            </>
          ) : null}
        </div>
      </section>
      <GroupPanels info={info} chat={chat} panels={panels} boardMode={room.board} channel={() => channel.current} moderate={moderate} />
    </div>
  );
}
