'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRequireAuth } from '@/components/auth/require-auth';
import { StepView, isAnswerable } from '@/components/library/exercise-step';
import { pick, type CheckResult } from '@/components/library/types';
import { secondaryClass, primaryClass } from '@/components/ui/button-classes';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';
import { Link } from '@/i18n/navigation';
import { ProgressBar } from './progress-bar';
import { loadApi, messageOf, unitApi, type StudyUnit, type UnitProgress } from './study-api';

/** A tutor's check of a written or spoken answer (homework): right, or to be done again, and the comment. */
function TutorCheck({ check }: { check: { correct: boolean; comment: string } }) {
  const t = useTranslations('Homework');
  return (
    <div className={`mt-3 rounded-xl p-3 text-sm ${check.correct ? 'bg-[#e7f8f3] text-[#0b5e4c]' : 'bg-[#fff4e5] text-[#7a4100]'}`} data-testid="tutor-check">
      <p className="font-semibold">{check.correct ? t('check.right') : t('check.again')}</p>
      {check.comment ? <p className="mt-1 whitespace-pre-line text-ink">{check.comment}</p> : null}
    </div>
  );
}

/** The first exercise not done yet (the unit's start when none is done). */
function firstOpenStep(unit: StudyUnit): number {
  if (!unit.progress.done.length) return 0;
  const i = unit.steps.findIndex((s) => isAnswerable(s) && !unit.progress.done.includes(s.id));
  return i < 0 ? 0 : i;
}

/**
 * The unit player: one step at a time with the shared exercise components, a progress bar, answers
 * checked on the server (the verdict and the key come back only then), a newer version offered.
 */
export function UnitPlayer({ slug, unitKey }: { slug: string; unitKey: string }) {
  const t = useTranslations('Study');
  const locale = useLocale();
  const { signedIn } = useRequireAuth();
  const [unit, setUnit] = useState<StudyUnit | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [verdicts, setVerdicts] = useState<Record<string, CheckResult>>({});
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [audio, setAudio] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const slow = useDelayedFlag(signedIn && !unit && !failed);

  // Asked again after an upgrade (`again` bumped).
  const [again, setAgain] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadApi()
      .then((api) => api.get<StudyUnit>(unitApi(slug, unitKey)))
      .then(
        ({ data }) => {
          if (!live) return;
          setUnit(data);
          setVerdicts(data.answered);
          setIndex(firstOpenStep(data));
          setFailed(null);
        },
        (err: unknown) => live && setFailed(messageOf(err, t('loadFailed'))),
      );
    return () => {
      live = false;
    };
  }, [signedIn, slug, unitKey, t, again]);

  const step = unit?.steps[index];
  // A step's audio is fetched with the session (the audio route is signed-in) and played from memory.
  const audioName = step?.kind === 'listening' ? step.audio : null;
  useEffect(() => {
    if (!audioName || audio[audioName]) return;
    let live = true;
    void loadApi()
      .then((api) => api.get<Blob>(`/api/cabinet/study/audio/${encodeURIComponent(audioName)}`, { responseType: 'blob' }))
      .then(
        (res) => live && setAudio((a) => ({ ...a, [audioName]: URL.createObjectURL(res.data) })),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [audioName, audio]);

  async function answer(stepId: string, value: unknown) {
    setPending(true);
    setError(null);
    try {
      const api = await loadApi();
      const { data } = await api.post<{ result: CheckResult; progress: UnitProgress }>(`${unitApi(slug, unitKey)}/answers`, { stepId, answer: value });
      setVerdicts((v) => ({ ...v, [stepId]: data.result }));
      setUnit((u) => (u ? { ...u, progress: data.progress } : u));
    } catch (err) {
      setError(messageOf(err, t('answerFailed')));
    } finally {
      setPending(false);
    }
  }

  async function uploadRecording(blob: Blob): Promise<string> {
    const api = await loadApi();
    try {
      const { data } = await api.post<{ name: string }>('/api/cabinet/study/recordings', blob, { headers: { 'content-type': blob.type || 'application/octet-stream' } });
      return data.name;
    } catch (err) {
      throw new Error(messageOf(err, t('answerFailed')));
    }
  }

  async function upgrade() {
    setPending(true);
    try {
      const api = await loadApi();
      await api.post(`${unitApi(slug, unitKey)}/upgrade`, {});
      setAgain((n) => n + 1);
    } catch (err) {
      setError(messageOf(err, t('answerFailed')));
    } finally {
      setPending(false);
    }
  }

  function go(to: number) {
    setIndex(to);
    setError(null);
    setAttempt((a) => a + 1);
    heading.current?.focus();
  }

  if (failed) return <p role="alert" className="text-danger">{failed}</p>;
  if (!unit || !step) return slow ? <p role="status" className="text-muted">{t('loading')}</p> : null;
  const verdict = verdicts[step.id] ?? null;
  const { done, total, completedAt } = unit.progress;
  const last = index === unit.steps.length - 1;
  return (
    <div className="flex flex-col gap-4" data-testid="unit-player">
      <p className="text-sm">
        <Link href="/cabinet/study" className="text-brand-dark underline">
          {t('backToStudy')}
        </Link>
      </p>
      <div>
        <p className="text-sm text-muted">{pick(unit.course.title, locale)}</p>
        <h1 className="text-2xl font-bold md:text-3xl">{pick(unit.unit.title, locale)}</h1>
        <ProgressBar value={done.length} max={total} label={t('exercisesDone', { done: done.length, total })} />
      </div>
      {unit.progress.upgradeAvailable ? (
        <div className="rounded-xl bg-brand-tint p-3 text-sm">
          <p>{t('upgradeAvailable')}</p>
          <button type="button" onClick={() => void upgrade()} disabled={pending} className="mt-2 min-h-11 font-medium text-brand-dark underline">
            {t('upgrade')}
          </button>
        </div>
      ) : null}
      {completedAt ? (
        <p role="status" className="rounded-xl bg-[#e7f8f3] p-3 text-[#0b5e4c]">
          {t(unit.homework ? 'unitCompleted' : 'unitCompletedSelf')}
        </p>
      ) : null}
      <section aria-labelledby="step-heading" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
        <h2 id="step-heading" ref={heading} tabIndex={-1} className="mb-3 text-sm font-normal text-muted outline-none">
          {t('stepOf', { n: index + 1, count: unit.steps.length })}
        </h2>
        <StepView
          key={`${step.id}-${attempt}`}
          step={step}
          verdict={verdict}
          pending={pending}
          tutorChecks={!!unit.homework}
          onAnswer={(value) => void answer(step.id, value)}
          audioSrc={(name) => audio[name]}
          uploadRecording={uploadRecording}
        />
        {error ? (
          <p role="alert" className="mt-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        {unit.checks?.[step.id] && verdict ? <TutorCheck check={unit.checks[step.id]!} /> : null}
        {(verdict?.checkedBy === 'server' && !verdict.correct) || (verdict && unit.checks?.[step.id]?.correct === false) ? (
          <button
            type="button"
            onClick={() => {
              setVerdicts((v) => Object.fromEntries(Object.entries(v).filter(([id]) => id !== step.id)));
              setAttempt((a) => a + 1);
            }}
            className="mt-3 min-h-11 font-medium text-brand-dark underline"
          >
            {t('tryAgain')}
          </button>
        ) : null}
      </section>
      <nav aria-label={t('stepsNav')} className="flex items-center justify-between gap-3">
        <button type="button" disabled={index === 0} onClick={() => go(index - 1)} className={`${secondaryClass} min-h-12 disabled:opacity-40`}>
          {t('previous')}
        </button>
        {last ? (
          <Link href="/cabinet/study" className={`${primaryClass} inline-flex min-h-12 items-center`}>
            {t('finish')}
          </Link>
        ) : (
          <button type="button" onClick={() => go(index + 1)} className={`${primaryClass} min-h-12`}>
            {t('next')}
          </button>
        )}
      </nav>
    </div>
  );
}
