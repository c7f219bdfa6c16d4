'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import { useGroupTitle } from '@/components/cabinet/group-title';
import { useApiGet } from '@/lib/browser/api/use-api-get';
import { formatClock } from '@/lib/validations/booking';
import { clock, dayLabel, SCHOOL_ZONE } from './slot-times';

interface WeekLesson {
  id: number;
  status: 'booked' | 'held' | 'not_held';
  subject: string;
  startsAt: string;
  endsAt: string;
  with: string;
  /** A group lesson's group (no student: the group is named instead). */
  group: { id: number; subject: string; level: string; students: number } | null;
}
interface WeekDay {
  date: string;
  off: boolean;
  ranges: [number, number][];
  lessons: WeekLesson[];
}
interface Week {
  weekStart: string;
  today: string;
  days: WeekDay[];
}

const small = 'rounded-lg border border-brand-dark px-3 py-2 text-sm font-medium text-brand-dark hover:bg-brand-tint disabled:opacity-60';

const shift = (ymd: string, days: number) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const minutesOf = (iso: string) => {
  const [h, m] = clock(iso, SCHOOL_ZONE).split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/**
 * The tutor's week (Cabinet.week): Monday to Sunday in Almaty time, each day's available ranges and
 * lessons, previous and next week. A list of days with headings: one column on a phone, seven
 * columns from the md breakpoint; buttons and headings only, so keyboard and screen readers follow
 * it as text. Shown by the schedule editor, so to tutors only.
 */
export function TutorWeek({ version = 0 }: { version?: number }) {
  const t = useTranslations('Cabinet.week');
  const tl = useTranslations('Cabinet.lessons');
  const groupTitle = useGroupTitle();
  const locale = useLocale();
  const id = useId();
  const { token } = useAuthState();
  const [week, setWeek] = useState<string | null>(null);
  const { data, failed } = useApiGet<Week>(token ? '/api/tutor/week' : null, { params: { week: week ?? '' }, again: version });

  if (!token || (!data && !failed)) return null;
  const days = data?.days ?? [];
  const label = data ? t('weekOf', { from: dayLabel(days[0]!.date, locale), to: dayLabel(days[6]!.date, locale) }) : '';

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('zone')}</p>
      <nav aria-label={t('title')} className="mt-4 flex flex-wrap items-center gap-2">
        <button type="button" className={small} disabled={!data} onClick={() => data && setWeek(shift(data.weekStart, -7))}>
          <span aria-hidden="true">← </span>
          {t('prev')}
        </button>
        <button type="button" className={small} disabled={!data || data.days.some((d) => d.date === data.today)} onClick={() => setWeek(null)}>
          {t('thisWeek')}
        </button>
        <button type="button" className={small} disabled={!data} onClick={() => data && setWeek(shift(data.weekStart, 7))}>
          {t('next')}
          <span aria-hidden="true"> →</span>
        </button>
      </nav>
      <p aria-live="polite" className="mt-3 font-semibold">
        {failed ? t('loadFailed') : label}
      </p>
      {data ? (
        <ol className="mt-3 grid gap-3 md:grid-cols-7 md:gap-2">
          {days.map((d) => {
            const today = d.date === data.today;
            const items = [
              ...d.ranges.map(([a, b]) => ({ key: `r${a}`, at: a, lesson: null as WeekLesson | null, text: t('available', { from: formatClock(a), to: formatClock(b) }) })),
              ...d.lessons.map((l) => ({
                key: `l${l.id}`,
                at: minutesOf(l.startsAt),
                lesson: l,
                text: `${
                  l.group
                    ? `${t('groupLesson', { from: clock(l.startsAt, SCHOOL_ZONE), to: clock(l.endsAt, SCHOOL_ZONE), group: groupTitle(l.group) })} · ${tl('groupStudents', { count: l.group.students })}`
                    : t('lesson', { from: clock(l.startsAt, SCHOOL_ZONE), to: clock(l.endsAt, SCHOOL_ZONE), name: l.with || '—' })
                }${l.status === 'booked' ? '' : ` · ${tl(`status_${l.status}`)}`}`,
              })),
            ].sort((x, y) => x.at - y.at || (x.lesson ? 1 : -1));
            return (
              <li key={d.date} aria-current={today ? 'date' : undefined} className={`rounded-xl border p-3 md:p-2 ${today ? 'border-brand-dark' : 'border-line'}`}>
                <h3 className="text-sm font-semibold">
                  {dayLabel(d.date, locale)}
                  {today ? <span className="ml-1 font-normal text-muted">({t('today')})</span> : null}
                </h3>
                {d.off ? <p className="mt-1 text-sm text-muted">{t('off')}</p> : null}
                {items.length ? (
                  <ul className="mt-2 grid gap-1">
                    {items.map((it) => (
                      <li key={it.key} className={`rounded-md px-2 py-1 text-sm md:text-xs ${it.lesson ? 'bg-brand-tint font-medium text-brand-dark' : 'bg-surface text-muted'}`}>
                        {it.text}
                      </li>
                    ))}
                  </ul>
                ) : !d.off ? (
                  <p className="mt-1 text-sm text-muted md:text-xs">{t('nothing')}</p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
