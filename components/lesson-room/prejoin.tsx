'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { roomButton, type JoinMedia, type RoomInfo } from './types';
import { useMicLevel } from './use-mic-level';

type Problem = 'denied' | 'notfound' | null;

/** Which browser's steps to show when the camera or microphone is refused. */
export function browserFamily(ua: string): 'chrome' | 'firefox' | 'safari' | 'other' {
  if (/Firefox\//.test(ua)) return 'firefox';
  if (/(Chrome|Chromium|CriOS|Edg|SamsungBrowser|YaBrowser)\//.test(ua)) return 'chrome';
  if (/Safari\//.test(ua)) return 'safari';
  return 'other';
}

const stopAll = (s: MediaStream | null) => s?.getTracks().forEach((tr) => tr.stop());

/**
 * Before joining: the camera's picture, the microphone's level, the devices to use, and a way on
 * when the browser refuses them (per browser, in the person's language): joining with audio only
 * or with neither still gives chat, notes and words.
 */
export function PreJoin({ info, onJoin }: { info: RoomInfo; onJoin: (m: JoinMedia) => void }) {
  const t = useTranslations('Room');
  const ids = { cam: useId(), mic: useId() };
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [camId, setCamId] = useState<string>('');
  const [micId, setMicId] = useState<string>('');
  const [problem, setProblem] = useState<Problem>(null);
  const [asking, setAsking] = useState(true);
  const level = useMicLevel(stream);
  const family = typeof navigator === 'undefined' ? 'other' : browserFamily(navigator.userAgent);

  const acquire = useCallback(async (cam: string, mic: string) => {
    setAsking(true);
    setProblem(null);
    const want: MediaStreamConstraints = {
      audio: mic === 'none' ? false : mic ? { deviceId: { exact: mic } } : true,
      video: cam === 'none' ? false : cam ? { deviceId: { exact: cam } } : { width: { ideal: 640 }, height: { ideal: 480 } },
    };
    let next: MediaStream | null = null;
    try {
      if (want.audio || want.video) next = await navigator.mediaDevices.getUserMedia(want);
    } catch (err) {
      const name = (err as DOMException).name;
      if (name === 'NotAllowedError' || name === 'SecurityError') setProblem('denied');
      else if (want.video && want.audio) {
        // No camera (or it is busy): the microphone alone.
        next = await navigator.mediaDevices.getUserMedia({ audio: want.audio }).catch(() => null);
        if (!next) setProblem('notfound');
      } else setProblem('notfound');
    }
    setStream((old) => {
      if (old !== next) stopAll(old);
      return next;
    });
    setDevices(await navigator.mediaDevices.enumerateDevices().catch(() => []));
    setAsking(false);
  }, []);

  useEffect(() => {
    // The first look at the devices: asks the browser once.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- starting the camera is the effect
    void acquire('', '');
  }, [acquire]);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  const cams = devices.filter((d) => d.kind === 'videoinput' && d.deviceId);
  const mics = devices.filter((d) => d.kind === 'audioinput' && d.deviceId);
  const audio = stream?.getAudioTracks()[0] ?? null;
  const cam = stream?.getVideoTracks()[0] ?? null;

  const join = (withAudio: boolean, withVideo: boolean) => {
    if (!withVideo) cam?.stop();
    if (!withAudio) audio?.stop();
    onJoin({ stream, audio: withAudio ? audio : null, video: withVideo ? cam : null });
  };

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-5 p-4 sm:p-6" aria-labelledby="prejoin-title" data-testid="prejoin">
      <div>
        <h1 id="prejoin-title" className="text-2xl font-bold">
          {t('prejoin.title')}
        </h1>
        <p className="mt-1 text-slate-300">{t('withWhom', { name: info.other.name })}</p>
      </div>
      <div className="grid gap-5 md:grid-cols-[1fr_16rem]">
        <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
          <video ref={video} autoPlay playsInline muted aria-label={t('prejoin.preview')} className="h-full w-full -scale-x-100 object-cover" />
          {!cam ? <p className="absolute inset-0 flex items-center justify-center text-slate-300">{asking ? t('prejoin.asking') : t('prejoin.noVideo')}</p> : null}
        </div>
        <div className="flex flex-col gap-4">
          <label htmlFor={ids.cam} className="flex flex-col gap-1 text-sm">
            {t('prejoin.camera')}
            <select
              id={ids.cam}
              className="min-h-11 rounded-lg bg-slate-800 px-2 text-slate-50"
              value={camId || cam?.getSettings().deviceId || (cam ? '' : 'none')}
              onChange={(e) => {
                setCamId(e.target.value);
                void acquire(e.target.value, micId);
              }}
            >
              {cams.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `${t('prejoin.camera')} ${i + 1}`}
                </option>
              ))}
              <option value="none">{t('prejoin.none')}</option>
            </select>
          </label>
          <label htmlFor={ids.mic} className="flex flex-col gap-1 text-sm">
            {t('prejoin.microphone')}
            <select
              id={ids.mic}
              className="min-h-11 rounded-lg bg-slate-800 px-2 text-slate-50"
              value={micId || audio?.getSettings().deviceId || (audio ? '' : 'none')}
              onChange={(e) => {
                setMicId(e.target.value);
                void acquire(camId, e.target.value);
              }}
            >
              {mics.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `${t('prejoin.microphone')} ${i + 1}`}
                </option>
              ))}
              <option value="none">{t('prejoin.none')}</option>
            </select>
          </label>
          <div className="flex flex-col gap-1 text-sm">
            <span id="mic-level-label">{t('prejoin.micLevel')}</span>
            <meter aria-labelledby="mic-level-label" min={0} max={1} value={audio ? level : 0} className="h-3 w-full" data-testid="mic-level" />
          </div>
        </div>
      </div>

      {problem ? (
        <div role="alert" className="rounded-xl border border-amber-400 bg-amber-950/60 p-4" data-testid="media-problem" data-problem={problem}>
          <h2 className="font-semibold">{problem === 'denied' ? t('prejoin.deniedTitle') : t('prejoin.noDevices')}</h2>
          {problem === 'denied' ? (
            <p className="mt-2 text-sm">
              {family === 'chrome' ? t('prejoin.deniedChrome') : family === 'firefox' ? t('prejoin.deniedFirefox') : family === 'safari' ? t('prejoin.deniedSafari') : t('prejoin.deniedOther')}
            </p>
          ) : null}
          <p className="mt-2 text-sm">{t('prejoin.deniedStill')}</p>
          <button type="button" className={`${roomButton} mt-3 border border-slate-300`} onClick={() => void acquire(camId, micId)}>
            {t('prejoin.retry')}
          </button>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <button type="button" className={`${roomButton} bg-sky-500 text-slate-950 hover:bg-sky-400`} disabled={asking || (!audio && !cam)} onClick={() => join(true, true)}>
          {t('prejoin.join')}
        </button>
        <button type="button" className={`${roomButton} border border-slate-400`} disabled={asking || !audio} onClick={() => join(true, false)}>
          {t('prejoin.joinAudio')}
        </button>
        <button type="button" className={`${roomButton} border border-slate-400`} disabled={asking} onClick={() => join(false, false)}>
          {t('prejoin.joinNone')}
        </button>
      </div>
    </section>
  );
}
