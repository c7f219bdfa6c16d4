'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { schoolLongDate } from '@/lib/time/school-clock';
import { clock, dayKey, dayLabel, SCHOOL_ZONE, weekdayName } from './slot-times';

interface Context {
  package: { id: number; lessonsLeft: number; validUntil: string; expired: boolean };
  lessonMinutes: number;
  cancelDeadlineHours: number;
  slots: string[];
}
/** The answer of GET /api/booking/pool (lessons from the employer, with one tutor). */
interface PoolContext {
  employer: { employeeId: number; company: string; lessonsLeft: number };
  tutor: { id: number; name: string; price: number; subjects: string[] };
  lessonMinutes: number;
  cancelDeadlineHours: number;
  slots: string[];
}
/** Where the lessons come from: a package (its tutor), or the employer's lessons with a tutor the employee chose. */
export type BookingSource = { packageId: number } | { employeeId: number; tutorId: number };
type Skip = 'taken' | 'unavailable' | 'past_validity' | 'no_lessons_left';
interface SeriesDate {
  startsAt: string;
  skip: Skip | null;
}

/** Lessons changed (booked here): the cabinet's lesson list reloads (components/booking/cabinet-lessons.tsx). */
export const LESSONS_CHANGED = 'tilmen:lessons-changed';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const button = 'rounded-lg bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand disabled:opacity-60';
const small = 'rounded-lg border border-brand-dark px-3 py-2 text-sm font-medium text-brand-dark hover:bg-brand-tint disabled:opacity-60';
const select = 'max-w-full rounded-lg border border-line bg-white px-2 py-2 text-base';

/**
 * Booking paid lessons (the cabinet): from one package, one free slot of the tutor or a weekly
 * series (weekdays and a time for N weeks) whose dates are shown before confirming, the taken ones
 * marked as skipped; from the employer's lessons (docs/payments.md, "Company lesson pools"), one
 * free slot of the chosen tutor, in one of their subjects. The server books in one transaction and
 * says which were booked and skipped.
 */
export function PaidBooking({ source, onBooked, subjectNames = {} }: { source: BookingSource; onBooked: () => void; subjectNames?: Record<string, string> }) {
  const t = useTranslations('Cabinet.book');
  const locale = useLocale();
  const id = useId();
  const pool = 'employeeId' in source ? source : null;
  const packageId = 'packageId' in source ? source.packageId : 0;
  const [ctx, setCtx] = useState<Context | null>(null);
  const [poolCtx, setPoolCtx] = useState<PoolContext | null>(null);
  const [subject, setSubject] = useState('');
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'one' | 'weekly'>('weekly');
  const [pick, setPick] = useState('');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [time, setTime] = useState('19:00');
  const [weeks, setWeeks] = useState(4);
  const [preview, setPreview] = useState<SeriesDate[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ booked: string[]; skipped: SeriesDate[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const employeeId = pool?.employeeId;
  const tutorId = pool?.tutorId;
  useEffect(() => {
    let live = true;
    import('@/lib/browser/api/client')
      .then(async ({ api }) => {
        if (employeeId === undefined) return (await api.get<Context>(`/api/booking/paid?packageId=${packageId}`)).data;
        const p = (await api.get<PoolContext>(`/api/booking/pool?employeeId=${employeeId}&tutorId=${tutorId}`)).data;
        if (live) {
          setPoolCtx(p);
          setSubject((s) => (s && p.tutor.subjects.includes(s) ? s : (p.tutor.subjects[0] ?? '')));
        }
        // The employer's lessons never expire: the same panel, with no validity and one lesson at a time.
        return { package: { id: 0, lessonsLeft: p.employer.lessonsLeft, validUntil: '', expired: false }, lessonMinutes: p.lessonMinutes, cancelDeadlineHours: p.cancelDeadlineHours, slots: p.slots } satisfies Context;
      })
      .then(
        (data) => {
          if (!live) return;
          setCtx(data);
          setPick(data.slots[0] ?? '');
          if (employeeId !== undefined) setMode('one');
        },
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [packageId, employeeId, tutorId, result]);

  if (failed) return <p role="alert" className="mt-3 text-sm">{t('loadFailed')}</p>;
  if (!ctx) return <p className="mt-3 text-sm text-muted" role="status">{t('loading')}</p>;

  const when = (iso: string) => `${dayLabel(dayKey(iso, SCHOOL_ZONE), locale)}, ${clock(iso, SCHOOL_ZONE)}`;
  const days = [...new Set(ctx.slots.map((s) => dayKey(s, SCHOOL_ZONE)))];
  const times = [...new Set(ctx.slots.map((s) => clock(s, SCHOOL_ZONE)))].sort();
  // Which series times are free on the chosen weekdays, before "Show dates" (the walk: 31 times were
  // offered with nothing said of which were free): each time's free dates of the series' dates, from the
  // tutor's free slots the page already has.
  const free = new Set(ctx.slots.map((s) => `${dayKey(s, SCHOOL_ZONE)} ${clock(s, SCHOOL_ZONE)}`));
  const firstDay = days[0];
  const seriesDays: string[] = [];
  if (firstDay && weekdays.length > 0) {
    const start = Date.parse(`${firstDay}T12:00:00Z`);
    for (let i = 0; i < weeks * 7; i++) {
      const d = new Date(start + i * 86_400_000);
      if (weekdays.includes(((d.getUTCDay() + 6) % 7) + 1)) seriesDays.push(d.toISOString().slice(0, 10));
    }
  }
  const freeAt = (t: string) => seriesDays.filter((d) => free.has(`${d} ${t}`)).length;
  // Weeks from the first free slot to the package's end (the series' dates start today).
  const maxWeeks = pool ? 1 : Math.max(1, Math.min(14, Math.ceil((Date.parse(ctx.package.validUntil) - Date.parse(ctx.slots[0] ?? ctx.package.validUntil)) / (7 * 86_400_000)) + 1));

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (err) {
      setError(apiErrorBody(err)?.message ?? t('failed'));
    } finally {
      setBusy(false);
    }
  }
  const seriesBody = () => ({ packageId, weekdays, time, weeks });
  const showPreview = () =>
    run(async () => {
      const { api } = await import('@/lib/browser/api/client');
      const res = await api.get<{ dates: SeriesDate[] }>(`/api/booking/paid/series?packageId=${packageId}&weekdays=${weekdays.join(',')}&time=${time}&weeks=${weeks}`);
      setPreview(res.data.dates);
    });
  const bookSeries = () =>
    run(async () => {
      const { api } = await import('@/lib/browser/api/client');
      const res = await api.post<{ booked: { startsAt: string }[]; dates: SeriesDate[] }>('/api/booking/paid/series', { ...seriesBody(), idempotencyKey: crypto.randomUUID() });
      setResult({ booked: res.data.booked.map((b) => b.startsAt), skipped: res.data.dates.filter((d) => d.skip) });
      setPreview(null);
      onBooked();
    });
  const bookOne = () =>
    run(async () => {
      const { api } = await import('@/lib/browser/api/client');
      const res = pool
        ? await api.post<{ lesson: { startsAt: string } }>('/api/booking/pool', { employeeId: pool.employeeId, tutorId: pool.tutorId, subject, startsAt: pick, idempotencyKey: crypto.randomUUID() })
        : await api.post<{ lesson: { startsAt: string } }>('/api/booking/paid', { packageId, startsAt: pick, idempotencyKey: crypto.randomUUID() });
      setResult({ booked: [res.data.lesson.startsAt], skipped: [] });
      onBooked();
    });

  const toBook = preview?.filter((d) => !d.skip).length ?? 0;
  return (
    <div className="mt-4 rounded-lg bg-brand-tint/40 p-3" data-testid="paid-booking">
      <p className="text-sm">
        {poolCtx
          ? t('poolRules', { hours: ctx.cancelDeadlineHours, minutes: ctx.lessonMinutes, left: ctx.package.lessonsLeft, company: poolCtx.employer.company })
          : t('rules', { hours: ctx.cancelDeadlineHours, minutes: ctx.lessonMinutes, left: ctx.package.lessonsLeft, date: schoolLongDate(ctx.package.validUntil, locale) })}
      </p>
      <p className="mt-1 text-sm text-muted">{t('zone')}</p>
      <div role="status" aria-live="polite">
        {result && (
          <div className="mt-3 rounded-lg border border-line bg-white p-3 text-sm" data-testid="booking-result">
            <p className="font-semibold">{t('booked', { n: result.booked.length })}</p>
            {result.booked.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {result.booked.map((s) => (
                  <li key={s}>{when(s)}</li>
                ))}
              </ul>
            )}
            {result.skipped.length > 0 && (
              <>
                <p className="mt-2 font-semibold">{t('skipped', { n: result.skipped.length })}</p>
                <ul className="mt-1 list-disc pl-5">
                  {result.skipped.map((d) => (
                    <li key={d.startsAt}>
                      {when(d.startsAt)}: {t(`skip_${d.skip!}`)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {error && (
          <p className="mt-3 text-sm font-medium text-danger" role="alert">
            {error}
          </p>
        )}
      </div>
      {ctx.package.lessonsLeft < 1 || ctx.package.expired ? (
        <p className="mt-3 text-sm">{t(pool ? 'poolNothingLeft' : 'nothingLeft')}</p>
      ) : ctx.slots.length === 0 ? (
        <p className="mt-3 text-sm">{t(pool ? 'poolNoSlots' : 'noSlots')}</p>
      ) : (
        <>
          {poolCtx && poolCtx.tutor.subjects.length > 1 && (
            <label htmlFor={`${id}-subject`} className="mt-3 grid max-w-xs gap-1 text-sm">
              {t('subject')}
              <select id={`${id}-subject`} className={select} value={subject} onChange={(e) => setSubject(e.target.value)}>
                {poolCtx.tutor.subjects.map((s) => (
                  <option key={s} value={s}>
                    {subjectNames[s] ?? s}
                  </option>
                ))}
              </select>
            </label>
          )}
          <fieldset className="mt-3" hidden={Boolean(pool)}>
            <legend className="text-sm font-medium">{t('how')}</legend>
            <div className="mt-1 flex flex-wrap gap-4 text-sm">
              {(['weekly', 'one'] as const).map((m) => (
                <label key={m} className="flex items-center gap-2">
                  <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => { setMode(m); setPreview(null); }} />
                  {t(`mode_${m}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {mode === 'one' ? (
            <div className="mt-3 flex flex-wrap items-end gap-2">
              <label htmlFor={`${id}-day`} className="grid gap-1 text-sm">
                {t('day')}
                <select id={`${id}-day`} className={select} value={pick ? dayKey(pick, SCHOOL_ZONE) : ''} onChange={(e) => setPick(ctx.slots.find((s) => dayKey(s, SCHOOL_ZONE) === e.target.value) ?? '')}>
                  {days.map((d) => (
                    <option key={d} value={d}>
                      {dayLabel(d, locale)}
                    </option>
                  ))}
                </select>
              </label>
              <label htmlFor={`${id}-time`} className="grid gap-1 text-sm">
                {t('time')}
                <select id={`${id}-time`} className={select} value={pick} onChange={(e) => setPick(e.target.value)}>
                  {ctx.slots
                    .filter((s) => pick && dayKey(s, SCHOOL_ZONE) === dayKey(pick, SCHOOL_ZONE))
                    .map((s) => (
                      <option key={s} value={s}>
                        {clock(s, SCHOOL_ZONE)}
                      </option>
                    ))}
                </select>
              </label>
              <button type="button" className={button} disabled={busy || !pick} onClick={() => void bookOne()}>
                {t('bookOne', { when: pick ? when(pick) : '' })}
              </button>
            </div>
          ) : (
            <div className="mt-3">
              <fieldset>
                <legend className="text-sm font-medium">{t('weekdays')}</legend>
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm">
                  {WEEKDAYS.map((d) => (
                    <label key={d} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={weekdays.includes(d)}
                        onChange={(e) => {
                          setPreview(null);
                          setWeekdays((w) => (e.target.checked ? [...w, d].sort() : w.filter((x) => x !== d)));
                        }}
                      />
                      {weekdayName(d, locale)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <label htmlFor={`${id}-stime`} className="grid gap-1 text-sm">
                  {t('time')}
                  <select id={`${id}-stime`} className={select} value={time} onChange={(e) => { setTime(e.target.value); setPreview(null); }}>
                    {(times.includes(time) ? times : [time, ...times]).map((x) => (
                      <option key={x} value={x}>
                        {seriesDays.length > 0 ? t('timeFree', { time: x, free: freeAt(x), total: seriesDays.length }) : x}
                      </option>
                    ))}
                  </select>
                </label>
                <label htmlFor={`${id}-weeks`} className="grid gap-1 text-sm">
                  {t('weeks')}
                  <select id={`${id}-weeks`} className={select} value={Math.min(weeks, maxWeeks)} onChange={(e) => { setWeeks(Number(e.target.value)); setPreview(null); }}>
                    {Array.from({ length: maxWeeks }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {t('weeksN', { n })}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="button" className={small} disabled={busy || weekdays.length === 0} onClick={() => void showPreview()}>
                  {t('showDates')}
                </button>
              </div>
              {weekdays.length === 0 && <p className="mt-2 text-sm text-muted">{t('pickWeekdays')}</p>}
              {preview && (
                <div className="mt-3" data-testid="series-preview">
                  {preview.length === 0 ? (
                    <p className="text-sm">{t('noDates')}</p>
                  ) : (
                    <ul className="space-y-1 text-sm">
                      {preview.map((d) => (
                        <li key={d.startsAt} className={d.skip ? 'text-muted line-through decoration-1' : ''}>
                          {when(d.startsAt)}
                          {d.skip ? ` — ${t(`skip_${d.skip}`)}` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                  <button type="button" className={`${button} mt-3`} disabled={busy || toBook === 0} onClick={() => void bookSeries()}>
                    {t('confirmSeries', { n: toBook })}
                  </button>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
