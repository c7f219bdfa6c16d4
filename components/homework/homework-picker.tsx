'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { pick, type Localized } from '@/components/library/types';
import { useApiGet } from '@/lib/browser/api/use-api-get';
import { addDays } from '@/lib/time/calendar';
import { HOMEWORK_DEFAULT_DAYS, HOMEWORK_MAX_DAYS, HOMEWORK_MAX_UNITS } from '@/lib/validations/homework';
import { dayText, type AssignedUnit } from './types';

const input = 'w-full rounded-lg border border-line bg-white px-3 py-2 text-base';

/**
 * The report's homework from the library: a course, one of its units and the day it is due (a week
 * after the lesson unless chosen), added to the list the report sends as `assign` (at most
 * HOMEWORK_MAX_UNITS). The lesson's student (a group's: every student) does them in the cabinet.
 */
export function HomeworkPicker({ value, onChange, lessonDay, fieldErrors = {} }: { value: AssignedUnit[]; onChange: (v: AssignedUnit[]) => void; lessonDay: string; fieldErrors?: Record<string, string> }) {
  const t = useTranslations('Homework.assign');
  const locale = useLocale();
  const id = useId();
  const [course, setCourse] = useState('');
  const [unit, setUnit] = useState('');
  const [due, setDue] = useState(addDays(lessonDay, HOMEWORK_DEFAULT_DAYS));
  const courses = useApiGet<{ courses: { slug: string; title: Localized; level: string }[] }>('/api/cabinet/library');
  const units = useApiGet<{ units: { key: string; title: Localized }[] }>(course ? `/api/cabinet/library/${course}` : null);
  const courseTitle = courses.data?.courses.find((c) => c.slug === course)?.title;
  const unitTitle = units.data?.units.find((u) => u.key === unit)?.title;
  const full = value.length >= HOMEWORK_MAX_UNITS;
  const taken = value.some((v) => v.course === course && v.unit === unit);

  return (
    <fieldset className="grid gap-3 rounded-xl border border-line p-3" data-testid="homework-picker">
      <legend className="px-1 text-sm font-medium">{t('title')}</legend>
      <p className="text-sm text-muted">{t('lead')}</p>
      {value.length ? (
        <ul className="grid gap-2" aria-label={t('chosen')}>
          {value.map((v, i) => (
            <li key={`${v.course}/${v.unit}`} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-tint px-3 py-2 text-sm" data-testid="homework-chosen">
              <span>
                <span className="font-medium">{v.title ? pick(v.title, locale) : v.unit}</span>
                {v.courseTitle ? <span className="text-muted"> · {pick(v.courseTitle, locale)}</span> : null}
                <span className="block">{t('dueOn', { day: dayText(v.due, locale) })}</span>
                {fieldErrors[`assign.${i}.unit`] || fieldErrors[`assign.${i}.due`] ? <span className="block text-danger">{fieldErrors[`assign.${i}.unit`] ?? fieldErrors[`assign.${i}.due`]}</span> : null}
              </span>
              <button type="button" className="min-h-11 px-2 text-brand-dark underline" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('remove', { unit: v.title ? pick(v.title, locale) : v.unit })}>
                {t('removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{t('none')}</p>
      )}
      {courses.failed ? <p role="alert" className="text-sm text-danger">{t('loadFailed')}</p> : null}
      {full ? (
        <p className="text-sm text-muted">{t('max', { max: HOMEWORK_MAX_UNITS })}</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-3">
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${id}-course`}>{t('course')}</label>
            <select
              id={`${id}-course`}
              className={input}
              value={course}
              onChange={(e) => {
                setCourse(e.target.value);
                setUnit('');
              }}
            >
              <option value="">{courses.data ? t('choose') : t('loading')}</option>
              {courses.data?.courses.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {pick(c.title, locale)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${id}-unit`}>{t('unit')}</label>
            <select id={`${id}-unit`} className={input} value={unit} disabled={!course || !units.data} onChange={(e) => setUnit(e.target.value)}>
              <option value="">{course && !units.data ? t('loading') : t('choose')}</option>
              {units.data?.units.map((u, i) => (
                <option key={u.key} value={u.key}>
                  {i + 1}. {pick(u.title, locale)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${id}-due`}>{t('due')}</label>
            <input id={`${id}-due`} type="date" className={input} value={due} min={lessonDay} max={addDays(lessonDay, HOMEWORK_MAX_DAYS)} onChange={(e) => setDue(e.target.value)} />
          </div>
          <div className="sm:col-span-3">
            <button
              type="button"
              disabled={!course || !unit || !due || taken}
              className="min-h-11 rounded-lg border border-brand-dark px-4 py-2 text-sm font-medium text-brand-dark disabled:opacity-50"
              data-testid="homework-add"
              onClick={() => {
                onChange([...value, { course, unit, due, courseTitle, title: unitTitle }]);
                setUnit('');
              }}
            >
              {t('add')}
            </button>
            {taken ? <span className="ml-2 text-sm text-muted">{t('already')}</span> : null}
          </div>
        </div>
      )}
    </fieldset>
  );
}
