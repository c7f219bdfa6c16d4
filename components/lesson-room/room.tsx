'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { openChannel, type Channel, type RoomEvent } from '@/lib/browser/lesson-room/channel';
import { Call, readQuality, type CallState, type Quality, type SignalPayload } from '@/lib/browser/lesson-room/peer';
import { poorLinkWatch, recoveryWatch } from '@/lib/browser/lesson-room/poor-link';
import { BoardLoader } from './board-loader';
import { ChatPanel, type ChatLine } from './chat-panel';
import { NotesPanel } from './notes-panel';
import { PanelTabs, TUTOR_TABS, useBoardNews, usePanelState, type Tab } from './panels';
import { RoomHomework } from '@/components/homework/homework-page';
import { translationLangFor } from './translation';
import { WordsPanel } from './words-panel';
import { clock, SCHOOL_ZONE } from '@/components/booking/slot-times';
import { roomButton, type JoinMedia, type RoomInfo } from './types';

/** The call and the lesson's panels, on one channel (lib/browser/lesson-room/channel.ts). */
export function Room({ info, media, onClosed }: { info: RoomInfo; media: JoinMedia; onClosed: (status: number, message: string) => void }) {
  const t = useTranslations('Room');
  const locale = useLocale();
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const localVideo = useRef<HTMLVideoElement>(null);
  const call = useRef<Call | null>(null);
  const channel = useRef<Channel | null>(null);
  const tracks = useRef({ audio: media.audio, video: media.video, camera: media.video });
  const [callState, setCallState] = useState<CallState>('new');
  const [otherOnline, setOtherOnline] = useState(false);
  /** The other side was in the room during this page's life (or its log): "left", not "waiting", when they go. */
  const [otherSeen, setOtherSeen] = useState(false);
  /** The other side left on purpose (the tutor ended the lesson, the student left it). */
  const [otherLeft, setOtherLeft] = useState(false);
  /** This side asked to leave: the confirmation is shown. */
  const [leaving, setLeaving] = useState(false);
  const [otherMedia, setOtherMedia] = useState({ audio: true, video: true });
  const [micOn, setMicOn] = useState(Boolean(media.audio));
  const [camOn, setCamOn] = useState(Boolean(media.video));
  const [sharing, setSharing] = useState(false);
  const [quality, setQuality] = useState<Quality | null>(null);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const { notes, words, board, boardPage, take } = usePanelState();
  const [tab, setTab] = useState<Tab>('chat');
  const boardNews = useBoardNews(boardPage, tab);
  const [camCount, setCamCount] = useState(0);
  /** Video paused by the fall-back to audio only (a poor link); the camera stays on to come back at once. */
  const [audioOnly, setAudioOnly] = useState(false);
  /** While the video is paused: the link has been good again for a while, and the video is offered back. */
  const [linkBack, setLinkBack] = useState(false);
  const fallback = useRef({ watch: poorLinkWatch(), recovery: recoveryWatch(), active: false, sending: Boolean(media.video) });

  const sendPresence = (audio: boolean, video: boolean, screen = false) => void channel.current?.send('presence', { audio, video, screen }).catch(() => {});

  useEffect(() => {
    const relayOnly = new URLSearchParams(window.location.search).get('relay') === '1';
    const local = new MediaStream([media.audio, media.video].filter((x): x is MediaStreamTrack => Boolean(x)));
    if (localVideo.current) localVideo.current.srcObject = local;
    void navigator.mediaDevices?.enumerateDevices().then((d) => setCamCount(d.filter((x) => x.kind === 'videoinput').length));
    let readyOnce = false;
    const onEvent = async (e: RoomEvent) => {
      if (e.kind === 'signal' && e.side !== info.side) await call.current?.handle(e.payload as SignalPayload);
      else if (e.kind === 'chat') setChat((c) => [...c, { seq: e.seq, mine: e.side === info.side, text: String(e.payload.text), at: e.at }]);
      else if (take(e)) return;
      else if (e.kind === 'presence') {
        if (e.side === 'server' && e.payload.side !== info.side) {
          setOtherOnline(Boolean(e.payload.online));
          if (e.payload.online) {
            setOtherSeen(true);
            setOtherLeft(false);
          }
        } else if (e.side !== info.side && e.side !== 'server') {
          setOtherMedia({ audio: Boolean(e.payload.audio), video: Boolean(e.payload.video) || Boolean(e.payload.screen) });
          if (e.payload.left === true) setOtherLeft(true);
        }
      }
    };
    const ch = openChannel(info.lesson.id, locale, {
      onEvent,
      async onReady() {
        if (readyOnce) return;
        readyOnce = true;
        // A fresh start: the other side (if there) drops its old connection first, then we call.
        await ch.send('signal', { hello: true }).catch(() => {});
        call.current = new Call({
          polite: info.side === 'student',
          iceServers: info.iceServers,
          relayOnly,
          tracks: { audio: tracks.current.audio, video: tracks.current.video },
          send: (p, wanted) => ch.send('signal', p, wanted),
          onRemoteStream: (s) => {
            if (remoteVideo.current && remoteVideo.current.srcObject !== s) remoteVideo.current.srcObject = s;
          },
          onState: setCallState,
        });
        sendPresence(Boolean(tracks.current.audio), Boolean(tracks.current.video));
      },
      onReconnecting: (down) => {
        if (down) setCallState((s) => (s === 'connected' ? s : 'reconnecting'));
        // The channel is back after a drop: a call that is down too restarts now, not at its next
        // timer (what it posted while the network was gone may be lost).
        else if (call.current && ['disconnected', 'failed'].includes(call.current.pc.connectionState)) call.current.restart();
      },
      onClosed: (r) => onClosed(r.status, r.message ?? (r.code === 'room_elsewhere' ? t('state.elsewhere') : t('state.ended'))),
    });
    channel.current = ch;
    // TURN credentials lapse at the lesson's end and 10 minutes, or sooner when the school's TURN_TTL_SECONDS
    // is shorter than the lesson: fetched again two minutes before, for the connection's next gathering.
    let iceTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshIce = (expiresAt: string | null) => {
      if (!expiresAt) return;
      const wait = Date.parse(expiresAt) - Date.now() - 120_000;
      if (Date.parse(expiresAt) > Date.parse(info.lesson.endsAt) + 60_000) return;
      iceTimer = setTimeout(() => {
        void api
          .get<RoomInfo>(`/api/lessons/${info.lesson.id}/room`)
          .then(({ data }) => {
            call.current?.setIceServers(data.iceServers);
            refreshIce(data.iceExpiresAt);
          })
          .catch(() => refreshIce(new Date(Date.now() + 180_000).toISOString()));
      }, Math.max(10_000, wait));
    };
    refreshIce(info.iceExpiresAt);
    let prev: { lost: number; received: number } | undefined;
    const stats = setInterval(() => {
      const pc = call.current?.pc;
      if (!pc) return;
      void readQuality(pc, prev).then((q) => {
        prev = q.counters;
        setQuality(q);
        // A sustained poor link while this side sends its camera: stop sending video, keep the sound.
        const f = fallback.current;
        // Paused: the readings go on (the audio and the browser's bandwidth probes still measure the
        // link), and once they are good again the video is offered back.
        if (f.active) setLinkBack(f.recovery.push(q));
        else if (f.watch.push(q) === 'drop' && f.sending && tracks.current.video && tracks.current.video === tracks.current.camera) {
          f.active = true;
          f.recovery.reset();
          setLinkBack(false);
          tracks.current.video = null;
          void call.current?.setTrack('video', null);
          setAudioOnly(true);
          sendPresence(Boolean(tracks.current.audio?.enabled), false);
        }
      });
    }, 2000);
    const cleanup = tracks.current;
    return () => {
      clearInterval(stats);
      clearTimeout(iceTimer);
      ch.close();
      call.current?.close();
      for (const tr of [cleanup.audio, cleanup.video, cleanup.camera]) tr?.stop();
    };
    // The room starts once per mount; its inputs do not change while it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showLocal = (video: MediaStreamTrack | null) => {
    if (localVideo.current) localVideo.current.srcObject = new MediaStream([tracks.current.audio, video].filter((x): x is MediaStreamTrack => Boolean(x)));
  };

  /** The person chose what to send (camera on or off, a screen): the fall-back no longer applies. */
  const clearFallback = (sending: boolean) => {
    fallback.current.active = false;
    fallback.current.sending = sending;
    fallback.current.watch.reset();
    setAudioOnly(false);
    setLinkBack(false);
  };

  /** Back from the audio-only fall-back: the camera's track goes out again. */
  const resumeVideo = async () => {
    const f = fallback.current;
    f.active = false;
    f.watch.reset();
    setAudioOnly(false);
    setLinkBack(false);
    const cam = tracks.current.camera;
    if (!cam || sharing) return;
    tracks.current.video = cam;
    await call.current?.setTrack('video', cam);
    sendPresence(micOn, true);
  };

  const toggleMic = () => {
    const a = tracks.current.audio;
    if (!a) return;
    a.enabled = !micOn;
    setMicOn(!micOn);
    sendPresence(!micOn, camOn || sharing, sharing);
  };

  const cameraTrack = async (deviceId?: string) => {
    const s = await navigator.mediaDevices.getUserMedia({ video: deviceId ? { deviceId: { exact: deviceId } } : { width: { ideal: 640 }, height: { ideal: 480 } } });
    return s.getVideoTracks()[0] ?? null;
  };

  const toggleCam = async () => {
    if (camOn) {
      tracks.current.camera?.stop();
      tracks.current.camera = null;
      if (!sharing) {
        tracks.current.video = null;
        await call.current?.setTrack('video', null);
        showLocal(null);
      }
      setCamOn(false);
      clearFallback(false);
      sendPresence(micOn, sharing, sharing);
      return;
    }
    const v = await cameraTrack().catch(() => null);
    if (!v) return;
    tracks.current.camera = v;
    if (!sharing) {
      tracks.current.video = v;
      await call.current?.setTrack('video', v);
      showLocal(v);
    }
    setCamOn(true);
    clearFallback(true);
    sendPresence(micOn, true, sharing);
  };

  const switchCam = async () => {
    const cams = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
    if (cams.length < 2) return;
    const current = tracks.current.camera?.getSettings().deviceId;
    const next = cams[(cams.findIndex((c) => c.deviceId === current) + 1) % cams.length]!;
    // Many phones open one camera at a time: the old one stops first. If the next does not open, the
    // old one comes back; if neither does, the camera is off, and the other side is told so.
    tracks.current.camera?.stop();
    const v = (await cameraTrack(next.deviceId).catch(() => null)) ?? (current ? await cameraTrack(current).catch(() => null) : null);
    tracks.current.camera = v;
    if (!sharing) {
      tracks.current.video = v;
      await call.current?.setTrack('video', v);
      showLocal(v);
    }
    if (!v) {
      setCamOn(false);
      sendPresence(micOn, sharing, sharing);
    }
  };

  const stopShare = async () => {
    tracks.current.video?.stop();
    tracks.current.video = tracks.current.camera;
    await call.current?.setTrack('video', tracks.current.camera);
    showLocal(tracks.current.camera);
    setSharing(false);
    sendPresence(micOn, camOn, false);
  };

  const share = async () => {
    if (sharing) return stopShare();
    const s = await navigator.mediaDevices.getDisplayMedia({ video: true }).catch(() => null);
    const v = s?.getVideoTracks()[0];
    if (!v) return;
    v.onended = () => void stopShare();
    tracks.current.video = v;
    await call.current?.setTrack('video', v);
    showLocal(v);
    setSharing(true);
    clearFallback(true);
    sendPresence(micOn, true, true);
  };

  const endsAt = clock(info.lesson.endsAt, SCHOOL_ZONE);
  const cabinet = locale === 'ru' ? '/cabinet' : `/${locale}/cabinet`;
  /** Leaves on purpose: the other side reads "ended the lesson" / "left the lesson", then the cabinet (the report, the rating). */
  const leave = async () => {
    await channel.current?.send('presence', { audio: false, video: false, left: true }).catch(() => {});
    window.location.assign(cabinet);
  };
  const canShare = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getDisplayMedia);
  // The other side left on purpose and is gone: said at once, not when the call notices (several seconds later).
  const status =
    callState === 'connected' && !(otherLeft && !otherOnline)
      ? null
      : !otherOnline
        ? otherLeft
          ? info.side === 'student'
            ? t('state.tutorEnded', { name: info.other.name })
            : t('state.studentLeft', { name: info.other.name })
          : otherSeen
            ? t('state.otherGone', { name: info.other.name, until: endsAt })
            : t('state.waiting', { name: info.other.name })
        : callState === 'reconnecting'
          ? t('state.reconnecting')
          : t('state.connecting');
  const level = quality?.level ?? 'none';
  const ctl = `${roomButton} bg-slate-700 hover:bg-slate-600`;

  return (
    <div className="flex min-h-dvh flex-col lg:flex-row" data-testid="room" data-side={info.side}>
      <section className="flex flex-1 flex-col gap-3 p-2 sm:p-4" aria-label={t('withWhom', { name: info.other.name })}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-lg font-semibold">{t('withWhom', { name: info.other.name })}</h1>
          <p
            role="status"
            className="flex items-center gap-2 text-sm"
            data-testid="quality"
            data-level={level}
            data-inbound-frames={quality?.inboundFrames ?? 0}
            data-audio-energy={quality?.audioEnergy ?? 0}
            data-relay={quality?.relay ? 'true' : 'false'}
            data-call={callState}
          >
            <span aria-hidden className={`inline-block h-2.5 w-2.5 rounded-full ${level === 'good' ? 'bg-emerald-400' : level === 'fair' ? 'bg-amber-400' : level === 'poor' ? 'bg-red-500' : 'bg-slate-500'}`} />
            {t('quality.label', { level: t(`quality.${level}`) })}
          </p>
        </div>
        {audioOnly ? (
          <div
            role="status"
            className={`flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 text-sm ${linkBack ? 'bg-emerald-900/60' : 'bg-amber-900/60'}`}
            data-testid="audio-only"
            data-link={linkBack ? 'back' : 'poor'}
          >
            <p>{linkBack ? t('audioOnly.better') : t('audioOnly.text')}</p>
            <button type="button" className={`${roomButton} bg-slate-700 hover:bg-slate-600`} onClick={() => void resumeVideo()}>
              {t('audioOnly.resume')}
            </button>
          </div>
        ) : null}
        <div className="relative w-full flex-1 overflow-hidden rounded-xl bg-black" style={{ minHeight: '12rem' }}>
          <video ref={remoteVideo} autoPlay playsInline aria-label={t('remoteVideo')} className="h-full max-h-[70dvh] w-full object-contain" data-testid="remote-video" />
          {status ? (
            <p className="absolute inset-x-0 top-1/2 -translate-y-1/2 px-4 text-center text-slate-200" aria-live="polite" data-testid="call-status">
              {status}
            </p>
          ) : null}
          {otherOnline && (!otherMedia.audio || !otherMedia.video) ? (
            <p className="absolute left-2 top-2 rounded bg-slate-900/80 px-2 py-1 text-xs">{!otherMedia.audio ? t('state.otherMicOff') : t('state.otherCamOff')}</p>
          ) : null}
          <video ref={localVideo} autoPlay playsInline muted aria-label={t('localVideo')} data-testid="local-video" className="absolute bottom-2 right-2 w-24 rounded-lg border border-slate-600 bg-slate-800 sm:w-40" />
        </div>
        <div role="toolbar" aria-label={t('controls.label')} className="flex flex-wrap justify-center gap-2">
          <button type="button" className={ctl} aria-pressed={!micOn} disabled={!media.audio} onClick={toggleMic}>
            {micOn ? t('controls.micOff') : t('controls.micOn')}
          </button>
          <button type="button" className={ctl} aria-pressed={!camOn} onClick={() => void toggleCam()}>
            {camOn ? t('controls.camOff') : t('controls.camOn')}
          </button>
          {camCount > 1 && camOn ? (
            <button type="button" className={ctl} onClick={() => void switchCam()}>
              {t('controls.switchCam')}
            </button>
          ) : null}
          {canShare ? (
            <button type="button" className={`${ctl} max-sm:hidden`} aria-pressed={sharing} onClick={() => void share()}>
              {sharing ? t('controls.stopShare') : t('controls.share')}
            </button>
          ) : null}
          {leaving ? (
            <span role="group" aria-label={info.side === 'tutor' ? t('controls.endAsk') : t('controls.leaveAsk')} className="flex flex-wrap items-center justify-center gap-2 rounded-lg bg-slate-800 px-3 py-1 text-sm" data-testid="leave-confirm">
              <span>{info.side === 'tutor' ? t('controls.endAsk') : t('controls.leaveAsk')}</span>
              <button type="button" className={`${roomButton} bg-red-600 hover:bg-red-500`} onClick={() => void leave()}>
                {info.side === 'tutor' ? t('controls.endYes') : t('controls.leaveYes')}
              </button>
              <button type="button" className={ctl} onClick={() => setLeaving(false)}>
                {t('controls.stay')}
              </button>
            </span>
          ) : (
            <button type="button" className={`${roomButton} bg-red-600 hover:bg-red-500`} onClick={() => setLeaving(true)} data-testid="leave">
              {info.side === 'tutor' ? t('controls.end') : t('controls.leave')}
            </button>
          )}
        </div>
      </section>
      <PanelTabs tab={tab} onTab={setTab} wide={tab === 'board'} boardNews={boardNews} tabs={info.side === 'tutor' ? TUTOR_TABS : undefined}>
        {tab === 'chat' ? <ChatPanel lines={chat} send={(text) => channel.current!.send('chat', { text })} /> : null}
        {tab === 'homework' && info.side === 'tutor' ? <RoomHomework lessonId={info.lesson.id} /> : null}
        {tab === 'notes' ? <NotesPanel remote={notes} send={(save) => channel.current!.send('notes', save)} /> : null}
        {tab === 'board' ? (
          <BoardLoader
            store={board}
            locale={locale}
            send={(elements) => channel.current!.send('board', { elements: elements as Record<string, unknown>[] })}
            sendFile={info.side === 'tutor' ? (file) => channel.current!.send('board', { files: [file] }) : undefined}
            library={info.side === 'tutor' ? { lessonId: info.lesson.id } : undefined}
          />
        ) : null}
        {tab === 'words' ? <WordsPanel words={words} tutor={info.side === 'tutor'} defaultLang={translationLangFor(info.lesson.subject, locale)} send={(word, translation, lang) => channel.current!.send('vocab', { word, translation, lang })} /> : null}
      </PanelTabs>
    </div>
  );
}
