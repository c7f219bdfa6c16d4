'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/auth/return-path';
import { pick } from '@/components/library/types';
import { ProgressBar } from '@/components/study/progress-bar';
import { primaryClass } from '@/components/ui/button-classes';
import { Link } from '@/i18n/navigation';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { HOMEWORK_COMMENT_MAX, RECORDING_DAYS } from '@/lib/validations/homework';
import type { HomeworkItemView, HomeworkStudentView, TutorAnswer } from '@/lib/library/homework';
import { dayText, loadApi } from './types';

const card = 'rounded-2xl border border-line bg-white p-4 sm:p-5';
const STATUS_CLASS: Record<HomeworkItemView['status'], string> = {
  todo: 'bg-slate-100 text-ink',
  started: 'bg-brand-tint text-brand-dark',
  done: 'bg-[#e7f8f3] text-[#0b5e4c]',
  overdue: 'bg-[#fdecec] text-[#a11d1d]',
};

/** The unit, its course, when it is due, its state and the work done: one line of homework, for either side. */
function ItemHead({ item, student }: { item: HomeworkItemView; student: boolean }) {
  const t = useTranslations('Homework');
  const locale = useLocale();
  const title = pick(item.title, locale);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-muted">{pick(item.courseTitle, locale)}</p>
      <h3 className="text-lg font-semibold">
        {student ? (
          <a href={localePath(locale, `/cabinet/study/${item.course}/${item.unit}`)} className="text-brand-dark underline">
            {title}
          </a>
        ) : (
          title
        )}
      </h3>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 font-medium ${STATUS_CLASS[item.status]}`} data-testid="homework-status" data-status={item.status}>
          {t(`status.${item.status}`)}
        </span>
        <span>{t('due', { day: dayText(item.due, locale) })}</span>
        {item.tutor ? <span className="text-muted">{t('fromTutor', { name: item.tutor })}</span> : null}
      </p>
      <ProgressBar value={item.done} max={item.total} label={t('progress', { done: item.done, total: item.total })} />
      <p className="text-sm text-muted">
        {t('results', { right: item.right, wrong: item.wrong })}
        {item.waiting ? ` · ${t('waiting', { count: item.waiting })}` : ''}
      </p>
    </div>
  );
}

/** The student's homework: what is still to do (the nearest due first), then what is done; the tutor's checks under each unit. */
export function StudentHomework({ items }: { items: HomeworkItemView[] }) {
  const t = useTranslations('Homework');
  if (!items.length)
    return (
      <div className={card} data-testid="homework-empty">
        <p>{t('student.empty')}</p>
        <Link href="/cabinet/study" className="mt-2 inline-block font-medium text-brand-dark underline">
          {t('student.toStudy')}
        </Link>
      </div>
    );
  return (
    <ul className="flex flex-col gap-4" data-testid="homework-list">
      {items.map((item) => (
        <li key={item.id} className={card} data-testid="homework-item">
          <ItemHead item={item} student />
          {item.written.filter((w) => w.check).map((w) => (
            <div key={w.answerId} className={`mt-3 rounded-xl p-3 text-sm ${w.check!.correct ? 'bg-[#e7f8f3]' : 'bg-[#fff4e5]'}`} data-testid="homework-comment">
              <p className="text-muted">{w.task}</p>
              <p className="font-semibold">{w.check!.correct ? t('check.right') : t('check.again')}</p>
              {w.check!.comment ? <p className="mt-1 whitespace-pre-line">{w.check!.comment}</p> : null}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** A spoken answer, fetched with the session (the route is signed-in) and played from memory. */
function Recording({ name }: { name: string }) {
  const t = useTranslations('Homework');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState<'gone' | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    void loadApi()
      .then((api) => api.get<Blob>(`/api/cabinet/homework/recordings/${encodeURIComponent(name)}`, { responseType: 'blob' }))
      .then(
        (res) => {
          if (!live) return;
          url = URL.createObjectURL(res.data);
          setSrc(url);
        },
        // 404: the recording is past its keeping time (lib/retention.ts RECORDING_DAYS).
        (err: unknown) => live && setFailed((err as { response?: { status?: number } }).response?.status === 404 ? 'gone' : 'failed'),
      );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [name]);
  if (failed === 'gone') return <p className="text-sm text-muted">{t('tutor.recordingGone', { days: RECORDING_DAYS })}</p>;
  if (failed) return <p className="text-sm text-danger">{t('tutor.recordingFailed')}</p>;
  if (!src) return <p className="text-sm text-muted" role="status">{t('loading')}</p>;
  return <audio controls src={src} className="w-full" aria-label={t('tutor.recording')} />;
}

/** The tutor's check of one written or spoken answer: right or to be done again, with a comment for the student. */
function AnswerCheck({ answer, playable, onChecked }: { answer: TutorAnswer; playable: boolean; onChecked: () => void }) {
  const t = useTranslations('Homework');
  const locale = useLocale();
  const id = useId();
  const [correct, setCorrect] = useState<boolean | null>(answer.check?.correct ?? null);
  const [comment, setComment] = useState(answer.check?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = async () => {
    if (correct === null) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const api = await loadApi();
      await api.post('/api/cabinet/homework/checks', { answerId: answer.answerId, correct, comment });
      setSaved(true);
      onChecked();
    } catch (err) {
      setError(apiErrorBody(err)?.message ?? t('tutor.checkFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="mt-3 grid gap-2 rounded-xl border border-line p-3"
      data-testid="homework-check"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted">{answer.task}</p>
      {answer.kind === 'writing' ? (
        <blockquote className="whitespace-pre-line rounded-lg bg-slate-50 p-3" data-testid="homework-answer">
          {answer.answer}
        </blockquote>
      ) : playable ? (
        <Recording name={answer.answer} />
      ) : (
        <a href={localePath(locale, '/cabinet/homework')} target="_blank" className="text-sm text-brand-dark underline">
          {t('tutor.listenInCabinet')}
        </a>
      )}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t('tutor.verdict')}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${id}-verdict`} checked={correct === true} onChange={() => setCorrect(true)} />
          {t('tutor.markRight')}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${id}-verdict`} checked={correct === false} onChange={() => setCorrect(false)} />
          {t('tutor.markAgain')}
        </label>
      </fieldset>
      <label htmlFor={`${id}-comment`} className="grid gap-1 text-sm font-medium">
        {t('tutor.comment')}
        <textarea id={`${id}-comment`} rows={3} maxLength={HOMEWORK_COMMENT_MAX} className="w-full rounded-lg border border-line bg-white px-3 py-2 text-base" value={comment} onChange={(e) => setComment(e.target.value)} />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm text-[#0b5e4c]">
          {t('tutor.checkSaved')}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={busy || correct === null} className={`${primaryClass} min-h-11 py-2! disabled:opacity-60`} data-testid="homework-check-save">
          {answer.check ? t('tutor.checkUpdate') : t('tutor.checkSave')}
        </button>
      </div>
    </form>
  );
}

/**
 * The tutor's homework: by student, each unit they assigned with the student's results, and the
 * written and spoken answers to check. `playable`: spoken answers play here (the cabinet's page; the
 * room links to it).
 */
export function TutorHomework({ students, playable, onChecked }: { students: HomeworkStudentView[]; playable: boolean; onChecked: () => void }) {
  const t = useTranslations('Homework');
  if (!students.length)
    return (
      <div className={card} data-testid="homework-empty">
        <p>{t('tutor.empty')}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-6" data-testid="homework-students">
      {students.map((s) => (
        <section key={s.studentId} aria-label={s.name} className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">{s.name}</h2>
          <ul className="flex flex-col gap-3">
            {s.items.map((item) => (
              <li key={item.id} className={card} data-testid="homework-item">
                <ItemHead item={item} student={false} />
                {item.written.map((w) => (
                  <AnswerCheck key={w.answerId} answer={w} playable={playable} onChecked={onChecked} />
                ))}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
