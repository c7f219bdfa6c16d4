'use client';

import { useId, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { REPORT_LEVELS, REPORT_LIMITS, REPORT_MARK_MAX, REPORT_SKILLS, type SkillMarks } from '@/lib/validations/lesson-report';
import { HomeworkPicker } from '@/components/homework/homework-picker';
import type { AssignedUnit } from '@/components/homework/types';
import type { GroupRecordReport, RecordReport } from './record-app';

/** The report's units of homework as the server takes them. */
const assignBody = (list: AssignedUnit[]) => list.map(({ course, unit, due }) => ({ course, unit, due }));

const input = 'w-full rounded-lg border border-line bg-white px-3 py-2 text-base';
const MARKS = Array.from({ length: REPORT_MARK_MAX }, (_, i) => i + 1);

/** The tutor's lesson report: what was covered, the homework, the level and a 1-5 mark per skill. */
export function ReportForm({ lessonId, lessonDay, initial, onSaved, onCancel }: { lessonId: number; lessonDay: string; initial: RecordReport | null; onSaved: (r: RecordReport) => void; onCancel?: () => void }) {
  const t = useTranslations('Record');
  const id = useId();
  const [covered, setCovered] = useState(initial?.covered ?? '');
  const [homework, setHomework] = useState(initial?.homework ?? '');
  const [assign, setAssign] = useState<AssignedUnit[]>(initial?.assign ?? []);
  const [level, setLevel] = useState(initial?.level ?? '');
  const [marks, setMarks] = useState<Partial<SkillMarks>>(initial?.marks ?? {});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async () => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const res = await api.post<{ report: RecordReport }>(`/api/lessons/${lessonId}/report`, { covered, homework, assign: assignBody(assign), level, marks });
      onSaved(res.data.report);
    } catch (err) {
      const body = apiErrorBody(err);
      setError(body?.message ?? t('failed'));
      setFields(body?.fields ?? {});
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (key: string) =>
    fields[key] ? (
      <span id={`${id}-${key}-error`} className="text-sm text-danger">
        {fields[key]}
      </span>
    ) : null;
  const complete = covered.trim() && level && REPORT_SKILLS.every((s) => marks[s]);

  return (
    <form
      className="mt-3 grid gap-4"
      data-testid="report-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted">{t('formLead')}</p>
      <ReportTexts id={id} covered={covered} homework={homework} onCovered={setCovered} onHomework={setHomework} fieldError={fieldError} invalid={!!fields.covered} />
      <HomeworkPicker value={assign} onChange={setAssign} lessonDay={lessonDay} fieldErrors={fields} />
      <SkillFields idBase={id} level={level} marks={marks} onLevel={setLevel} onMarks={setMarks} levelError={fieldError('level')} marksInvalid={!!fields.marks} />
      <ReportEnd error={error} disabled={busy || !complete} filed={!!initial} onCancel={onCancel} />
    </form>
  );
}

/** What was covered and the homework: the report's part that is the lesson's (a group's: once for all). */
function ReportTexts({ id, covered, homework, onCovered, onHomework, fieldError = () => null, invalid }: { id: string; covered: string; homework: string; onCovered: (v: string) => void; onHomework: (v: string) => void; fieldError?: (key: string) => ReactNode; invalid?: boolean }) {
  const t = useTranslations('Record');
  return (
    <>
      <label htmlFor={`${id}-covered`} className="grid gap-1 text-sm font-medium">
        {t('covered')}
        <textarea
          id={`${id}-covered`}
          required
          rows={3}
          maxLength={REPORT_LIMITS.covered}
          className={input}
          value={covered}
          onChange={(e) => onCovered(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-covered-error` : undefined}
        />
        {fieldError('covered')}
      </label>
      <label htmlFor={`${id}-homework`} className="grid gap-1 text-sm font-medium">
        {t('homeworkOptional')}
        <textarea id={`${id}-homework`} rows={2} maxLength={REPORT_LIMITS.homework} className={input} value={homework} onChange={(e) => onHomework(e.target.value)} />
        {fieldError('homework')}
      </label>
    </>
  );
}

/** The form's end: the server's refusal, then "File" (or "Save changes") and "Cancel" when editing. */
function ReportEnd({ error, disabled, filed, onCancel }: { error: string | null; disabled: boolean; filed: boolean; onCancel?: () => void }) {
  const t = useTranslations('Record');
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={disabled} className="rounded-lg bg-brand-dark px-4 py-2 text-sm font-semibold text-white disabled:opacity-60" data-testid="report-save">
          {filed ? t('saveChanges') : t('file')}
        </button>
        {onCancel ? (
          <button type="button" className="rounded-lg border border-line px-4 py-2 text-sm" onClick={onCancel}>
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The level select and a 1-5 select per skill: one student's part of a report (a group's report has one per student). */
function SkillFields({ idBase, level, marks, onLevel, onMarks, levelError, marksInvalid, legend }: { idBase: string; level: string; marks: Partial<SkillMarks>; onLevel: (v: string) => void; onMarks: (m: Partial<SkillMarks>) => void; levelError?: ReactNode; marksInvalid?: boolean; legend?: string }) {
  const t = useTranslations('Record');
  const ts = useTranslations('Cabinet.progress');
  const tv = useTranslations('Validation');
  return (
    <>
      <label htmlFor={`${idBase}-level`} className="grid gap-1 text-sm font-medium">
        {legend ? t('levelOf', { name: legend }) : t('levelNow')}
        <select id={`${idBase}-level`} required className={input} value={level} onChange={(e) => onLevel(e.target.value)}>
          <option value="">{t('choose')}</option>
          {REPORT_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        {levelError}
      </label>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{legend ? t('marksOf', { name: legend }) : t('marks')}</legend>
        {REPORT_SKILLS.map((s) => (
          <label key={s} htmlFor={`${idBase}-${s}`} className="grid grid-cols-[1fr_6rem] items-center gap-2 text-sm">
            {ts(`skills.${s}`)}
            <select id={`${idBase}-${s}`} required className={input} value={marks[s] ?? ''} onChange={(e) => onMarks({ ...marks, [s]: Number(e.target.value) || undefined })}>
              <option value="">—</option>
              {MARKS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ))}
        {marksInvalid ? <span className="text-sm text-danger">{tv('invalid_value')}</span> : null}
      </fieldset>
    </>
  );
}

/** A student the tutor marks in a group lesson's report (those who came to the lesson). */
export interface ReportStudent {
  id: number;
  name: string;
}

/**
 * A group lesson's report: what was covered and the homework once, for the group, and for each student
 * who came the level and a 1-5 mark per skill (each student sees only their own).
 */
export function GroupReportForm({ lessonId, lessonDay, students, initial, onSaved, onCancel }: { lessonId: number; lessonDay: string; students: ReportStudent[]; initial: GroupRecordReport | null; onSaved: (r: GroupRecordReport) => void; onCancel?: () => void }) {
  const t = useTranslations('Record');
  const id = useId();
  const [covered, setCovered] = useState(initial?.covered ?? '');
  const [homework, setHomework] = useState(initial?.homework ?? '');
  const [assign, setAssign] = useState<AssignedUnit[]>(initial?.assign ?? []);
  const [fields, setFields] = useState<Record<string, string>>({});
  const start = (sid: number) => initial?.students.find((x) => x.studentId === sid);
  const [levels, setLevels] = useState<Record<number, string>>(Object.fromEntries(students.map((x) => [x.id, start(x.id)?.level ?? ''])));
  const [marks, setMarks] = useState<Record<number, Partial<SkillMarks>>>(Object.fromEntries(students.map((x) => [x.id, start(x.id)?.marks ?? {}])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const complete = covered.trim() && students.every((x) => levels[x.id] && REPORT_SKILLS.every((s) => marks[x.id]?.[s]));
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = { covered, homework, assign: assignBody(assign), students: students.map((x) => ({ studentId: x.id, level: levels[x.id], marks: marks[x.id] })) };
      const res = await api.post<{ groupReport: GroupRecordReport }>(`/api/lessons/${lessonId}/report`, body);
      onSaved(res.data.groupReport);
    } catch (err) {
      const body = apiErrorBody(err);
      setError(body?.message ?? t('failed'));
      setFields(body?.fields ?? {});
    } finally {
      setBusy(false);
    }
  };

  if (students.length === 0) return <p className="mt-2 text-sm text-muted">{t('nobodyCame')}</p>;
  return (
    <form
      className="mt-3 grid gap-4"
      data-testid="group-report-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted">{t('formLeadGroup')}</p>
      <ReportTexts id={id} covered={covered} homework={homework} onCovered={setCovered} onHomework={setHomework} />
      <HomeworkPicker value={assign} onChange={setAssign} lessonDay={lessonDay} fieldErrors={fields} />
      {students.map((x) => (
        <section key={x.id} aria-label={x.name} className="grid gap-3 rounded-xl border border-line p-3" data-testid="report-student">
          <h3 className="font-semibold">{x.name}</h3>
          <SkillFields
            idBase={`${id}-s${x.id}`}
            legend={x.name}
            level={levels[x.id] ?? ''}
            marks={marks[x.id] ?? {}}
            onLevel={(v) => setLevels({ ...levels, [x.id]: v })}
            onMarks={(m) => setMarks({ ...marks, [x.id]: m })}
          />
        </section>
      ))}
      <ReportEnd error={error} disabled={busy || !complete} filed={!!initial} onCancel={onCancel} />
    </form>
  );
}
