'use client';

import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRequireAuth } from '@/components/auth/require-auth';
import { localePath } from '@/components/auth/return-path';
import { clock, SCHOOL_ZONE } from '@/components/booking/slot-times';
import { schoolLongDate } from '@/lib/time/school-clock';
import { REPORT_SKILLS, type SkillMarks } from '@/lib/validations/lesson-report';
import { withLinks } from './chat-panel';
import { Translation, type TranslationLang } from './translation';
import { ReportForm } from './report-form';
import { useLessonGet } from './use-lesson-get';

export interface RecordReport {
  covered: string;
  homework: string;
  level: string;
  marks: SkillMarks;
  filedAt: string;
  editableUntil: string;
  editable: boolean;
}
export interface BoardScene {
  elements: Record<string, unknown>[];
  files: { id: string; mimeType: string; dataURL: string; created: number }[];
}
interface LessonRecordView {
  lesson: { id: number; subject: string; status: string; startsAt: string; endsAt: string };
  side: 'student' | 'tutor';
  other: { name: string };
  chat: { side: string; text: string; at: string }[];
  notes: { text: string; at: string } | null;
  words: { word: string; translation: string; lang: TranslationLang | null; at: string }[];
  board: BoardScene;
  report: RecordReport | null;
  canReport: boolean;
  togetherMinutes: number;
}

// Excalidraw (read-only here) loads only when the board is opened, and only on this page.
const BoardView = dynamic(() => import('./board-view'), { ssr: false, loading: () => <div className="h-[60dvh] min-h-80 w-full animate-pulse rounded-xl bg-slate-100" /> });

/** A lesson's record for its tutor or student: report (the tutor files it here), chat, notes, words and the board. */
export function RecordApp({ lessonId }: { lessonId: number }) {
  const t = useTranslations('Record');
  const ts = useTranslations('Cabinet.progress');
  const locale = useLocale();
  const { signedIn } = useRequireAuth();
  const { data, setData, refusal } = useLessonGet<LessonRecordView>(`/api/lessons/${lessonId}/record`, signedIn, t('failed'));
  const [editing, setEditing] = useState(false);
  const [board, setBoard] = useState(false);

  const cabinet = localePath(locale, '/cabinet');
  if (refusal)
    return (
      <section className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6" data-testid="record-refusal" data-status={refusal.status}>
        {refusal.status ? <p className="text-5xl font-bold text-slate-400">{refusal.status}</p> : null}
        <h1 className="text-2xl font-bold">{t('refusedTitle')}</h1>
        <p>{refusal.message}</p>
        <a href={cabinet} className="font-semibold text-brand-dark underline">
          {t('toCabinet')}
        </a>
      </section>
    );
  if (!data) return <p className="p-6 text-center" role="status">{t('loading')}</p>;

  const { report } = data;
  return (
    <div className="container-page max-w-3xl py-8" data-testid="record" data-side={data.side}>
      <a href={cabinet} className="text-sm text-brand-dark underline">
        {t('toCabinet')}
      </a>
      <h1 className="mt-3 text-2xl font-bold md:text-3xl">{t('title', { date: schoolLongDate(data.lesson.startsAt, locale), time: clock(data.lesson.startsAt, SCHOOL_ZONE) })}</h1>
      <p className="mt-1 text-muted">
        {t(data.side === 'tutor' ? 'withStudent' : 'withTutor', { name: data.other.name || '—' })} · {t('together', { minutes: data.togetherMinutes })}
      </p>

      <RecordSection id="record-report" title={t('report')} testId="record-report">
        {report && !editing ? (
          <>
            <dl className="mt-3 grid gap-3">
              <div>
                <dt className="text-sm text-muted">{t('covered')}</dt>
                <dd className="whitespace-pre-wrap">{report.covered}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t('homework')}</dt>
                <dd className="whitespace-pre-wrap">{report.homework || t('noHomework')}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t('level')}</dt>
                <dd className="font-semibold" data-testid="record-level">
                  {report.level}
                </dd>
              </div>
            </dl>
            <table className="mt-3 text-sm">
              <caption className="sr-only">{t('marksCaption')}</caption>
              <tbody>
                {REPORT_SKILLS.map((s) => (
                  <tr key={s}>
                    <th scope="row" className="py-1 pr-4 text-left font-normal">
                      {ts(`skills.${s}`)}
                    </th>
                    <td className="py-1 tabular-nums">{report.marks[s]}/5</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
        {!report && !data.canReport ? <p className="mt-2 text-sm text-muted">{data.side === 'tutor' ? t('reportClosed') : t('reportDue')}</p> : null}
        {data.canReport && (editing || !report) ? (
          <ReportForm
            lessonId={data.lesson.id}
            initial={report}
            onSaved={(r) => {
              setData({ ...data, report: r });
              setEditing(false);
            }}
            onCancel={report ? () => setEditing(false) : undefined}
          />
        ) : null}
        {data.canReport && report && !editing ? (
          <p className="mt-3 text-sm">
            <button type="button" className="font-semibold text-brand-dark underline" onClick={() => setEditing(true)}>
              {t('edit')}
            </button>{' '}
            <span className="text-muted">{t('editableUntil', { date: schoolLongDate(report.editableUntil, locale), time: clock(report.editableUntil, SCHOOL_ZONE) })}</span>
          </p>
        ) : null}
      </RecordSection>

      <RecordSection id="record-chat" title={t('chat')}>
        {data.chat.length ? (
          <ol className="mt-3 grid gap-2" data-testid="record-chat">
            {data.chat.map((c, i) => (
              <li key={i} className="text-sm">
                <span className="text-muted">
                  <time dateTime={c.at}>{clock(c.at, SCHOOL_ZONE)}</time> · {c.side === data.side ? t('me') : data.other.name || '—'}:
                </span>{' '}
                <span className="whitespace-pre-wrap break-words">{withLinks(c.text, 'break-all text-brand-dark underline')}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-muted">{t('noChat')}</p>
        )}
      </RecordSection>

      <RecordSection id="record-notes" title={t('notes')}>
        {data.notes?.text ? <p className="mt-3 whitespace-pre-wrap text-sm" data-testid="record-notes">{data.notes.text}</p> : <p className="mt-2 text-sm text-muted">{t('noNotes')}</p>}
      </RecordSection>

      <RecordSection id="record-words" title={t('words')}>
        {data.words.length ? (
          <ul className="mt-3 grid gap-1 text-sm" data-testid="record-words">
            {data.words.map((w, i) => (
              <li key={i}>
                <span className="font-semibold">{w.word}</span>
                <Translation text={w.translation} lang={w.lang} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted">{t('noWords')}</p>
        )}
      </RecordSection>

      <RecordSection id="record-board" title={t('board')}>
        {data.board.elements.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('noBoard')}</p>
        ) : board ? (
          <div className="mt-3">
            <BoardView scene={data.board} locale={locale} />
          </div>
        ) : (
          <button type="button" className="mt-3 rounded-lg border border-brand-dark px-4 py-2 text-sm font-semibold text-brand-dark hover:bg-brand-tint" onClick={() => setBoard(true)} data-testid="record-open-board">
            {t('openBoard', { count: data.board.elements.length })}
          </button>
        )}
      </RecordSection>
    </div>
  );
}

/** One part of the record (report, chat, notes, words, board): a section named by its heading. */
function RecordSection({ id, title, testId, children }: { id: string; title: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-2xl border border-line p-5" data-testid={testId}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
