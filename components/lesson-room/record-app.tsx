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
import { GroupReportForm, ReportForm } from './report-form';
import { useLessonGet } from './use-lesson-get';
import { dayText, type AssignedUnit } from '@/components/homework/types';
import { pick } from '@/components/library/types';
import { schoolDateOf } from '@/lib/time/school-clock';

export interface RecordReport {
  covered: string;
  homework: string;
  /** The units of the library the report assigned (lib/library/homework.ts). */
  assign?: AssignedUnit[];
  level: string;
  marks: SkillMarks;
  filedAt: string;
  editableUntil: string;
  editable: boolean;
}
/** A group lesson's report as its tutor reads it: the group's part once, each marked student's level and marks. */
export interface GroupRecordReport {
  covered: string;
  homework: string;
  assign?: AssignedUnit[];
  students: { studentId: number; level: string; marks: SkillMarks }[];
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
  /** A group lesson, its tutor: the group's report, and who came (the students the report marks). */
  groupReport?: GroupRecordReport | null;
  students?: { id: number; name: string; joined: boolean; present: boolean; minutes: number }[];
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
        {data.groupReport !== undefined ? <GroupReport data={data} editing={editing} setEditing={setEditing} onSaved={(r) => setData({ ...data, groupReport: r })} /> : null}
        {data.groupReport === undefined && report && !editing ? (
          <>
            <dl className="mt-3 grid gap-3">
              <ReportTextsView covered={report.covered} homework={report.homework} assign={report.assign ?? []} student={data.side === 'student'} />
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
        {data.groupReport === undefined && !report && !data.canReport ? <p className="mt-2 text-sm text-muted">{data.side === 'tutor' ? t('reportClosed') : t('reportDue')}</p> : null}
        {data.groupReport === undefined && data.canReport && (editing || !report) ? (
          <ReportForm
            lessonId={data.lesson.id}
            lessonDay={schoolDateOf(data.lesson.startsAt)}
            initial={report}
            onSaved={(r) => {
              setData({ ...data, report: r });
              setEditing(false);
            }}
            onCancel={report ? () => setEditing(false) : undefined}
          />
        ) : null}
        {data.groupReport === undefined && data.canReport && report && !editing ? (
          <EditLine until={report.editableUntil} onEdit={() => setEditing(true)} />
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

/** A group lesson's report for its tutor: the group's part, a table of each marked student's level and marks; the form to file or change it. */
function GroupReport({ data, editing, setEditing, onSaved }: { data: LessonRecordView; editing: boolean; setEditing: (v: boolean) => void; onSaved: (r: GroupRecordReport) => void }) {
  const t = useTranslations('Record');
  const ts = useTranslations('Cabinet.progress');
  const report = data.groupReport ?? null;
  const students = data.students ?? [];
  const name = (id: number) => students.find((s) => s.id === id)?.name ?? '—';
  // Who the form marks: the students who came, and any the filed report marks.
  const marked = students.filter((s) => s.joined || report?.students.some((r) => r.studentId === s.id)).map((s) => ({ id: s.id, name: s.name }));
  if (data.canReport && (editing || !report))
    return (
      <GroupReportForm
        lessonId={data.lesson.id}
        lessonDay={schoolDateOf(data.lesson.startsAt)}
        students={marked}
        initial={report}
        onSaved={(r) => {
          onSaved(r);
          setEditing(false);
        }}
        onCancel={report ? () => setEditing(false) : undefined}
      />
    );
  if (!report) return <p className="mt-2 text-sm text-muted">{t('reportClosed')}</p>;
  return (
    <>
      <dl className="mt-3 grid gap-3">
        <ReportTextsView covered={report.covered} homework={report.homework} assign={report.assign ?? []} student={data.side === 'student'} />
      </dl>
      <div className="mt-3 overflow-x-auto">
        <table className="text-sm" data-testid="group-report-marks">
          <caption className="sr-only">{t('marksCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 text-left">{t('student')}</th>
              <th scope="col" className="py-1 pr-3 text-left">{t('level')}</th>
              {REPORT_SKILLS.map((s) => (
                <th key={s} scope="col" className="py-1 pr-3 text-left font-normal">
                  {ts(`skills.${s}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.students.map((r) => (
              <tr key={r.studentId}>
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {name(r.studentId)}
                </th>
                <td className="py-1 pr-3 font-semibold">{r.level}</td>
                {REPORT_SKILLS.map((s) => (
                  <td key={s} className="py-1 pr-3 tabular-nums">
                    {r.marks[s]}/5
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.canReport ? (
        <EditLine until={report.editableUntil} onEdit={() => setEditing(true)} />
      ) : null}
    </>
  );
}

/** A filed report's lesson part: what was covered and the homework (a dl's rows). */
function ReportTextsView({ covered, homework, assign, student }: { covered: string; homework: string; assign: AssignedUnit[]; student: boolean }) {
  const t = useTranslations('Record');
  const th = useTranslations('Homework');
  const locale = useLocale();
  return (
    <>
      <div>
        <dt className="text-sm text-muted">{t('covered')}</dt>
        <dd className="whitespace-pre-wrap">{covered}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted">{t('homework')}</dt>
        <dd className="whitespace-pre-wrap">{homework || (assign.length ? null : t('noHomework'))}</dd>
        {assign.length ? (
          <dd>
            <ul className="mt-1 grid gap-1" data-testid="record-homework-units">
              {assign.map((a) => (
                <li key={`${a.course}/${a.unit}`}>
                  {student ? (
                    <a href={localePath(locale, `/cabinet/study/${a.course}/${a.unit}`)} className="font-medium text-brand-dark underline">
                      {a.title ? pick(a.title, locale) : a.unit}
                    </a>
                  ) : (
                    <span className="font-medium">{a.title ? pick(a.title, locale) : a.unit}</span>
                  )}
                  <span className="text-sm text-muted"> · {th('due', { day: dayText(a.due, locale) })}</span>
                </li>
              ))}
            </ul>
          </dd>
        ) : null}
      </div>
    </>
  );
}

/** "Edit" and until when the report may still be changed. */
function EditLine({ until, onEdit }: { until: string; onEdit: () => void }) {
  const t = useTranslations('Record');
  const locale = useLocale();
  return (
    <p className="mt-3 text-sm">
      <button type="button" className="font-semibold text-brand-dark underline" onClick={onEdit}>
        {t('edit')}
      </button>{' '}
      <span className="text-muted">{t('editableUntil', { date: schoolLongDate(until, locale), time: clock(until, SCHOOL_ZONE) })}</span>
    </p>
  );
}
