'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/auth/return-path';
import { useRequireAuth } from '@/components/auth/require-auth';
import { pick } from '@/components/library/types';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';
import { Link } from '@/i18n/navigation';
import { useApiGet } from '@/lib/browser/api/use-api-get';
import { dayText } from '@/components/homework/types';
import { ProgressBar } from './progress-bar';
import type { CourseCard, Today, UnitRow } from './study-api';

const card = 'rounded-2xl border border-line bg-white p-5';

/** One course's units with the student's progress in each, loaded when the course is opened. */
function CourseUnits({ slug }: { slug: string }) {
  const t = useTranslations('Study');
  const locale = useLocale();
  const { data, failed } = useApiGet<{ units: UnitRow[] }>(`/api/cabinet/study/courses/${slug}`);
  const slow = useDelayedFlag(!data && !failed);
  if (failed) return <p role="alert" className="mt-3 text-sm text-danger">{t('loadFailed')}</p>;
  if (!data) return slow ? <p className="mt-3 text-sm text-muted" role="status">{t('loading')}</p> : null;
  return (
    <ol className="mt-3 flex flex-col divide-y divide-line">
      {data.units.map((u, i) => (
        <li key={u.key} className="py-3">
          <a href={localePath(locale, `/cabinet/study/${slug}/${u.key}`)} className="flex min-h-11 flex-col justify-center gap-1 text-brand-dark hover:underline">
            <span className="font-medium">
              {i + 1}. {pick(u.title, locale)}
              {u.completed ? <span className="ml-2 text-sm text-[#0b5e4c]">✓ {t('unitDone')}</span> : null}
            </span>
          </a>
          <ProgressBar value={u.done} max={u.total} label={t('exercisesDone', { done: u.done, total: u.total })} />
        </li>
      ))}
    </ol>
  );
}

/** The cabinet's self-study: what to do today, then the courses (the one at the student's level first, open). */
export function StudyHome() {
  const t = useTranslations('Study');
  const locale = useLocale();
  const { signedIn } = useRequireAuth();
  const today = useApiGet<Today>(signedIn ? '/api/cabinet/study/today' : null);
  const courses = useApiGet<{ levels: Record<string, string>; courses: CourseCard[] }>(signedIn ? '/api/cabinet/study/courses' : null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const slow = useDelayedFlag(!courses.data && !courses.failed);
  const next = today.data?.next;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="study-today" className={card} data-testid="study-today">
        <h2 id="study-today" className="text-xl font-bold">
          {t('todayTitle')}
        </h2>
        {today.failed ? <p role="alert" className="mt-3 text-sm text-danger">{t('loadFailed')}</p> : null}
        {today.data ? (
          <ul className="mt-3 flex flex-col gap-3">
            {today.data.homework?.first ? (
              <li data-testid="study-homework">
                <a href={localePath(locale, `/cabinet/study/${today.data.homework.first.course}/${today.data.homework.first.unit}`)} className="font-medium text-brand-dark underline">
                  {t('homeworkUnit', { unit: pick(today.data.homework.first.title, locale) })}
                </a>
                <span className={`block text-sm ${today.data.homework.first.overdue ? 'text-danger' : 'text-muted'}`}>
                  {t(today.data.homework.first.overdue ? 'homeworkOverdue' : 'homeworkDue', { day: dayText(today.data.homework.first.due, locale) })}
                  {today.data.homework.open > 1 ? ' · ' : ''}
                  {today.data.homework.open > 1 ? (
                    <a href={localePath(locale, '/cabinet/homework')} className="text-brand-dark underline">
                      {t('homeworkAll', { count: today.data.homework.open })}
                    </a>
                  ) : null}
                </span>
              </li>
            ) : null}
            <li>
              {next ? (
                <a href={localePath(locale, `/cabinet/study/${next.course.slug}/${next.unit.key}`)} className="font-medium text-brand-dark underline">
                  {next.unit.done ? t('continueUnit', { unit: pick(next.unit.title, locale) }) : t('startUnit', { unit: pick(next.unit.title, locale) })}
                </a>
              ) : (
                <span>{t('allUnitsDone')}</span>
              )}
              {next ? <span className="block text-sm text-muted">{pick(next.course.title, locale)}</span> : null}
            </li>
            <li>
              <Link href="/cabinet/words" className="font-medium text-brand-dark underline">
                {today.data.dueWords ? t('wordsDue', { count: today.data.dueWords }) : t('noWordsDue')}
              </Link>
            </li>
            <li className="text-sm">{today.data.streak.days ? t('streak', { count: today.data.streak.days }) : t('noStreak')}</li>
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="study-courses">
        <h2 id="study-courses" className="text-xl font-bold">
          {t('coursesTitle')}
        </h2>
        {courses.failed ? <p role="alert" className="mt-3 text-sm text-danger">{t('loadFailed')}</p> : null}
        {slow ? <p className="mt-3 text-sm text-muted" role="status">{t('loading')}</p> : null}
        {courses.data && !Object.keys(courses.data.levels).length ? <p className="mt-2 text-sm text-muted">{t('noLevel')}</p> : null}
        {courses.data && !courses.data.courses.length ? <p className="mt-3">{t('noCourses')}</p> : null}
        <ul className="mt-3 flex flex-col gap-4">
          {courses.data?.courses.map((c, i) => {
            const isOpen = open[c.slug] ?? i === 0;
            return (
              <li key={c.slug} className={card} data-testid={`course-${c.slug}`}>
                <h3 className="text-lg font-semibold">{pick(c.title, locale)}</h3>
                <p className="mt-1 text-sm text-muted">
                  {t(`subjects.${c.subject}`)} · {c.level}
                  {c.atLevel ? <span className="ml-2 rounded-full bg-brand-tint px-2 py-0.5 text-ink">{t('yourLevel')}</span> : null}
                </p>
                <p className="mt-2 text-sm">{pick(c.description, locale)}</p>
                <ProgressBar value={c.unitsCompleted} max={c.units} label={t('unitsDone', { done: c.unitsCompleted, total: c.units })} />
                <button
                  type="button"
                  aria-expanded={isOpen}
                  onClick={() => setOpen((o) => ({ ...o, [c.slug]: !isOpen }))}
                  className="mt-3 min-h-11 font-medium text-brand-dark underline"
                >
                  {isOpen ? t('hideUnits') : t('showUnits')}
                </button>
                {isOpen ? <CourseUnits slug={c.slug} /> : null}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
