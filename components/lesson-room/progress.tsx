'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import { localePath } from '@/components/auth/return-path';
import { schoolLongDate } from '@/lib/time/school-clock';
import { REPORT_LEVELS, REPORT_SKILLS, type SkillMarks } from '@/lib/validations/lesson-report';

export interface ProgressReport {
  lesson: { id: number; startsAt: string; subject: string; tutor: string };
  covered: string;
  homework: string;
  level: string;
  marks: SkillMarks;
}

const W = 640;
const H = 220;
const PAD = { left: 44, right: 16, top: 16, bottom: 28 };

/**
 * The level over time as plain SVG (no chart library): one point a report, the CEFR bands as the
 * vertical scale. Decorative for screen readers, which get the summary and the table that follows.
 */
export function LevelChart({ reports, label }: { reports: ProgressReport[]; label: string }) {
  const n = reports.length;
  const x = (i: number) => PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (level: string) => {
    const i = Math.max(0, REPORT_LEVELS.indexOf(level as (typeof REPORT_LEVELS)[number]));
    return H - PAD.bottom - (i * (H - PAD.top - PAD.bottom)) / (REPORT_LEVELS.length - 1);
  };
  const points = reports.map((r, i) => `${x(i)},${y(r.level)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="mt-3 w-full max-w-2xl" role="img" aria-label={label} data-testid="progress-chart">
      {REPORT_LEVELS.map((level) => (
        <g key={level}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(level)} y2={y(level)} stroke="#e2e8f0" />
          <text x={PAD.left - 8} y={y(level) + 4} textAnchor="end" fontSize="12" fill="#475569">
            {level}
          </text>
        </g>
      ))}
      {n > 1 ? <polyline points={points} fill="none" stroke="#0070c2" strokeWidth="3" strokeLinejoin="round" /> : null}
      {reports.map((r, i) => (
        <circle key={r.lesson.id} cx={x(i)} cy={y(r.level)} r="5" fill="#0070c2" />
      ))}
    </svg>
  );
}

/** The student's progress in the cabinet: the level chart and every report's marks as a table. Nothing for a tutor. */
export function CabinetProgress() {
  const t = useTranslations('Cabinet.progress');
  const locale = useLocale();
  const { token } = useAuthState();
  const [data, setData] = useState<{ student: boolean; reports: ProgressReport[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<{ student: boolean; reports: ProgressReport[] }>('/api/cabinet/progress'))
      .then(
        (res) => live && setData(res.data),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [token]);

  // Nothing until the answer says whose cabinet this is (a tutor has no progress section at all).
  if (!token || (!data && !failed) || (data && !data.student)) return null;
  const reports = data?.reports ?? [];
  const first = reports[0];
  const last = reports.at(-1);
  return (
    <section id="cabinet-progress" aria-labelledby="cabinet-progress-title" className="mt-8 rounded-2xl border border-line p-5" data-testid="progress">
      <h2 id="cabinet-progress-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      {failed ? <p role="alert" className="mt-3 text-sm text-danger">{t('loadFailed')}</p> : null}
      {data && !reports.length ? <p className="mt-3 text-sm text-muted">{t('empty')}</p> : null}
      {first && last ? (
        <>
          <p className="mt-2 text-sm" id="progress-summary">
            {t('summary', { count: reports.length, from: first.level, to: last.level })}
          </p>
          <LevelChart reports={reports} label={t('chartLabel', { count: reports.length, from: first.level, to: last.level })} />
          <div className="mt-4 overflow-x-auto" role="region" aria-label={t('tableCaption')} tabIndex={0}>
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t('tableCaption')}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-3">
                    {t('lesson')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('level')}
                  </th>
                  {REPORT_SKILLS.map((s) => (
                    <th key={s} scope="col" className="py-2 pr-3">
                      {t(`skills.${s}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...reports].reverse().map((r) => (
                  <tr key={r.lesson.id} className="border-b border-line align-top">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <a href={localePath(locale, `/lesson/${r.lesson.id}/record`)} className="text-brand-dark underline">
                        {schoolLongDate(r.lesson.startsAt, locale)}
                      </a>
                      <span className="block text-xs text-muted">{r.lesson.tutor}</span>
                    </th>
                    <td className="py-2 pr-3 font-semibold">{r.level}</td>
                    {REPORT_SKILLS.map((s) => (
                      <td key={s} className="py-2 pr-3 tabular-nums">
                        {r.marks[s]}/5
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm">
            <span className="font-semibold">{t('homework')}</span> {last.homework || t('noHomework')}
          </p>
        </>
      ) : null}
    </section>
  );
}
