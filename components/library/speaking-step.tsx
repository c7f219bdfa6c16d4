'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CheckButton, Prompt, Verdict } from './parts';
import type { ExerciseProps } from './types';

type Phase = 'idle' | 'recording' | 'recorded' | 'uploading';

/** The recorder's format this browser can write: WebM/Opus (Chrome, Firefox) or MP4/AAC (Safari). */
function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'].find((t) => MediaRecorder.isTypeSupported(t));
}

/**
 * A spoken answer a tutor checks: recorded in the browser (MediaRecorder, stopped by itself after the
 * task's seconds), listened to, recorded again if wanted, then stored through the media store
 * (`uploadRecording`) and sent as its name.
 */
export function SpeakingStep({ step, verdict, readOnly, pending, tutorChecks = true, onAnswer, uploadRecording }: ExerciseProps<'speaking'>) {
  const t = useTranslations('Exercises');
  const id = useId();
  const limit = step.seconds ?? 60;
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [clip, setClip] = useState<{ blob: Blob; url: string } | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const locked = readOnly || pending || !!verdict || phase === 'uploading';

  useEffect(() => () => void (clip && URL.revokeObjectURL(clip.url)), [clip]);
  useEffect(() => {
    if (phase !== 'recording') return;
    const started = Date.now();
    const timer = setInterval(() => {
      const s = Math.floor((Date.now() - started) / 1000);
      setElapsed(s);
      if (s >= limit) recorder.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [phase, limit]);
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((tr) => tr.stop()), []);

  async function start() {
    setError(null);
    const type = recorderType();
    if (!navigator.mediaDevices?.getUserMedia || type === undefined) return setError(t('recordUnsupported'));
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return setError(t('microphoneDenied'));
    }
    const rec = new MediaRecorder(stream, { mimeType: type });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((tr) => tr.stop());
      const blob = new Blob(chunks, { type: type.split(';')[0] });
      setClip({ blob, url: URL.createObjectURL(blob) });
      setPhase('recorded');
    };
    recorder.current = rec;
    setElapsed(0);
    rec.start();
    setPhase('recording');
  }

  async function send() {
    if (!clip || !uploadRecording) return;
    setPhase('uploading');
    setError(null);
    try {
      onAnswer(await uploadRecording(clip.blob));
      setPhase('recorded');
    } catch (err) {
      setPhase('recorded');
      setError(err instanceof Error && err.message ? err.message : t('uploadFailed'));
    }
  }

  return (
    <form
      data-kind="speaking"
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked) void send();
      }}
    >
      <Prompt text={step.prompt} id={`${id}-prompt`} />
      <p className="mt-2 whitespace-pre-line">{step.task}</p>
      <p className="mt-1 text-sm text-muted">{t('speakUpTo', { seconds: limit })}</p>
      {readOnly ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {phase === 'recording' ? (
            <button type="button" onClick={() => recorder.current?.stop()} className="min-h-12 rounded-xl border border-danger px-5 font-medium text-danger">
              {t('stopRecording')}
            </button>
          ) : (
            <button type="button" disabled={locked} onClick={() => void start()} className="min-h-12 rounded-xl border border-brand-dark px-5 font-medium text-brand-dark disabled:opacity-60">
              {clip ? t('recordAgain') : t('record')}
            </button>
          )}
          <span aria-live="polite" className="text-sm tabular-nums">
            {phase === 'recording' ? t('recording', { seconds: elapsed, limit }) : null}
          </span>
        </div>
      )}
      {clip ? <audio controls src={clip.url} aria-label={t('yourRecording')} className="mt-3 w-full" /> : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {readOnly || verdict ? null : <CheckButton pending={pending || phase === 'uploading'} disabled={!!verdict || !clip || phase === 'recording' || !uploadRecording} label={t(tutorChecks ? 'send' : 'save')} />}
      <Verdict verdict={verdict} tutorChecks={tutorChecks} />
    </form>
  );
}
