'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { formatClock, WEEKDAYS } from '@/lib/validations/booking';
import { TutorWeek } from './tutor-week';

type Range = [number, number];
interface Schedule {
  tutor?: boolean;
  weekly: Partial<Record<(typeof WEEKDAYS)[number], Range[]>>;
  daysOff: string[];
  minNoticeHours: number;
  horizonWeeks: number;
  bookable: boolean;
}

const HALF_HOURS = Array.from({ length: 49 }, (_, i) => i * 30);
const input = 'rounded-lg border border-line bg-white px-2 py-2 text-base';
/** A half hour of the day: a range's start (00:00–23:30) or its end (00:30–24:00). */
function ClockSelect({ edge, value, onChange }: { edge: 'from' | 'to'; value: number; onChange: (minutes: number) => void }) {
  return (
    <select className={input} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {(edge === 'from' ? HALF_HOURS.slice(0, -1) : HALF_HOURS.slice(1)).map((m) => (
        <option key={m} value={m}>
          {formatClock(m)}
        </option>
      ))}
    </select>
  );
}

const small = 'rounded-lg border border-brand-dark px-3 py-2 text-sm font-medium text-brand-dark hover:bg-brand-tint';

/**
 * The tutor's availability (Cabinet.schedule): weekly ranges in Almaty time, several a day on the
 * half hour, dates off, the minimum notice and how far ahead students can book. Native selects and
 * inputs only, so it works by keyboard and on a 360 px phone. Shown to tutors only, after the
 * week's schedule (TutorWeek), which it refreshes on each save.
 */
export function ScheduleEditor() {
  const t = useTranslations('Cabinet.schedule');
  const id = useId();
  const { token } = useAuthState();
  const [s, setS] = useState<Schedule | null>(null);
  const [newDay, setNewDay] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saves, setSaves] = useState(0);
  // Several days at once (the walk: a full week took 7 additions and 14 selects).
  const [bulkDays, setBulkDays] = useState<(typeof WEEKDAYS)[number][]>(['1', '2', '3', '4', '5']);
  const [bulkFrom, setBulkFrom] = useState(9 * 60);
  const [bulkTo, setBulkTo] = useState(18 * 60);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<Schedule>('/api/tutor/schedule'))
      .then(
        (res) => live && res.data.tutor !== false && setS(res.data),
        () => undefined, // the rules could not be loaded: the editor stays away
      );
    return () => {
      live = false;
    };
  }, [token]);

  if (!s) return null;
  const day = (d: (typeof WEEKDAYS)[number]) => s.weekly[d] ?? [];
  const setDay = (d: (typeof WEEKDAYS)[number], ranges: Range[]) => setS({ ...s, weekly: { ...s.weekly, [d]: ranges } });

  async function save() {
    if (!s) return;
    setBusy(true);
    setMessage(null);
    try {
      const { api } = await import('@/lib/browser/api/client');
      const res = await api.put<Schedule>('/api/tutor/schedule', { weekly: s.weekly, daysOff: s.daysOff, minNoticeHours: s.minNoticeHours, horizonWeeks: s.horizonWeeks });
      setS(res.data);
      setSaves((n) => n + 1);
      setMessage(t('saved'));
    } catch (err) {
      const body = apiErrorBody(err);
      const field = body?.fields ? Object.values(body.fields)[0] : undefined;
      setMessage(field ?? body?.message ?? t('failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <TutorWeek version={saves} />
      <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('intro')}</p>
        {!s.bookable ? <p className="mt-2 text-sm">{t('notBookable')}</p> : null}
        <fieldset className="mt-4 min-w-0 rounded-xl border border-brand-dark/40 bg-brand-tint/40 p-3" data-testid="schedule-bulk">
          <legend className="px-1 font-semibold">{t('bulkTitle')}</legend>
          <p className="text-sm text-muted">{t('bulkHint')}</p>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {WEEKDAYS.map((d) => (
              <label key={d} className="flex min-h-11 items-center gap-2">
                <input type="checkbox" checked={bulkDays.includes(d)} onChange={(e) => setBulkDays((b) => (e.target.checked ? [...b, d].sort() : b.filter((x) => x !== d)))} />
                {t(`day${d}`)}
              </label>
            ))}
          </div>
          <div className="mt-2 flex flex-wrap gap-2 text-sm">
            <button type="button" className={small} onClick={() => setBulkDays(['1', '2', '3', '4', '5'])}>
              {t('bulkWeekdays')}
            </button>
            <button type="button" className={small} onClick={() => setBulkDays([...WEEKDAYS])}>
              {t('bulkEveryDay')}
            </button>
          </div>
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <label className="flex items-center gap-1">
              <span className="text-sm">{t('from')}</span>
              <ClockSelect edge="from" value={bulkFrom} onChange={setBulkFrom} />
            </label>
            <label className="flex items-center gap-1">
              <span className="text-sm">{t('to')}</span>
              <ClockSelect edge="to" value={bulkTo} onChange={setBulkTo} />
            </label>
            <button
              type="button"
              className={small}
              disabled={bulkDays.length === 0 || bulkTo <= bulkFrom}
              onClick={() => {
                const weekly = { ...s.weekly };
                for (const d of bulkDays) weekly[d] = [[bulkFrom, bulkTo]];
                setS({ ...s, weekly });
                setMessage(t('bulkApplied'));
              }}
            >
              {t('bulkApply')}
            </button>
          </div>
        </fieldset>
        <div className="mt-4 grid gap-4">
          {WEEKDAYS.map((d) => (
            <fieldset key={d} className="min-w-0 rounded-xl border border-line p-3">
              <legend className="px-1 font-semibold">{t(`day${d}`)}</legend>
              {day(d).length === 0 ? <p className="text-sm text-muted">{t('dayOff')}</p> : null}
              <ul className="grid gap-2">
                {day(d).map(([from, to], i) => (
                  <li key={i} className="flex flex-wrap items-center gap-2">
                    <label className="flex items-center gap-1">
                      <span className="text-sm">{t('from')}</span>
                      <ClockSelect edge="from" value={from} onChange={(v) => setDay(d, day(d).map((r, j) => (j === i ? [v, r[1]] : r)))} />
                    </label>
                    <label className="flex items-center gap-1">
                      <span className="text-sm">{t('to')}</span>
                      <ClockSelect edge="to" value={to} onChange={(v) => setDay(d, day(d).map((r, j) => (j === i ? [r[0], v] : r)))} />
                    </label>
                    <button type="button" className={small} onClick={() => setDay(d, day(d).filter((_, j) => j !== i))} aria-label={t('removeRange', { day: t(`day${d}`), from: formatClock(from), to: formatClock(to) })}>
                      {t('remove')}
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={`${small} mt-2`}
                onClick={() => {
                  const last = day(d).at(-1);
                  const start = last ? Math.min(last[1] + 60, 1380) : 18 * 60;
                  setDay(d, [...day(d), [start, Math.min(start + 180, 1440)]]);
                }}
              >
                {t('addRange', { day: t(`day${d}`) })}
              </button>
            </fieldset>
          ))}
          <fieldset className="min-w-0 rounded-xl border border-line p-3">
            <legend className="px-1 font-semibold">{t('daysOffTitle')}</legend>
            <div className="flex flex-wrap items-end gap-2">
              <label className="grid gap-1">
                <span className="text-sm">{t('date')}</span>
                <input type="date" className={input} value={newDay} onChange={(e) => setNewDay(e.target.value)} />
              </label>
              <button
                type="button"
                className={small}
                disabled={!newDay}
                onClick={() => {
                  setS({ ...s, daysOff: [...new Set([...s.daysOff, newDay])].sort() });
                  setNewDay('');
                }}
              >
                {t('addDayOff')}
              </button>
            </div>
            <ul className="mt-2 flex flex-wrap gap-2">
              {s.daysOff.map((x) => (
                <li key={x} className="flex items-center gap-1 rounded-lg bg-brand-tint px-2 py-1 text-sm">
                  {x.split('-').reverse().join('.')}
                  <button type="button" className="underline" onClick={() => setS({ ...s, daysOff: s.daysOff.filter((y) => y !== x) })} aria-label={t('removeDayOff', { date: x })}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="flex flex-wrap gap-4">
            <label className="grid gap-1">
              <span className="text-sm">{t('minNotice')}</span>
              <input type="number" min={1} max={168} className={`${input} w-28`} value={s.minNoticeHours} onChange={(e) => setS({ ...s, minNoticeHours: Number(e.target.value) })} />
            </label>
            <label className="grid gap-1">
              <span className="text-sm">{t('horizon')}</span>
              <select className={input} value={s.horizonWeeks} onChange={(e) => setS({ ...s, horizonWeeks: Number(e.target.value) })}>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((w) => (
                  <option key={w} value={w}>
                    {t('weeks', { n: w })}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        <button type="button" className="mt-4 rounded-xl bg-brand-dark px-5 py-3 font-medium text-white hover:bg-[#005a9c] disabled:opacity-60" disabled={busy} onClick={() => void save()}>
          {t('save')}
        </button>
        <p aria-live="polite" className="mt-2 text-sm">
          {message}
        </p>
      </section>
    </>
  );
}
