import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { FilterInput, FilterSelect } from '@/components/company/filters';
import { HeadCells, Pager } from '@/components/company/list-parts';
import { FullIinExport } from '@/components/company/full-iin-export';
import { LevelChart } from '@/components/company/level-chart';
import { buttonClass, linkButtonClass, secondaryButtonClass } from '@/components/company/ui';
import { getDb } from '@/lib/db/client';
import { schoolClock } from '@/lib/time/wall-clock';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { listResults, placementResults, resultsFilterOptions, resultsSummary, type GroupCounts } from '@/lib/company-portal/results';
import { pageParams } from '@/lib/validations/query';
import { RESULT_STATUSES, resultsQuery } from '@/lib/validations/company-results';
import { PortalPageHeader } from '@/components/company/page-header';
import { PortalTable } from '@/components/company/table';
import { PortalCard } from '@/components/company/card';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const FILTER_KEYS = ['q', 'department', 'position', 'status', 'from', 'to'] as const;
const day = (d: Date | null) => (d ? schoolClock(d).toISOString().slice(0, 10).split('-').reverse().join('.') : '—');
const th = 'px-3 py-2.5 font-medium';
const td = 'px-3 py-2.5 align-top';

/**
 * The company's results: every employee on the roster with the Kazakh test's status, level, date and
 * certificate (PDF and public check), IINs masked; filters, a name search, pages of 50; the summary
 * (counts, the level chart with its table, departments and position codes); downloads; the English
 * placement results. Every view is audited (results.view).
 */
export default async function ResultsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member, actor } = await requireCompanyPage(locale, '/company/results');
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const f = pageParams(resultsQuery, { ...raw, pageSize: '50' });
  // The filter as typed (days as days), for links and the forms.
  const typed: Record<string, string> = {};
  for (const k of FILTER_KEYS) if (raw[k] && (k === 'from' || k === 'to' ? f[k] : f[k as keyof typeof f])) typed[k] = String(raw[k]);
  const placementPage = Math.max(1, Math.min(10000, Number(raw.ppage) || 1));
  const db = await getDb();
  const [data, summary, options, placement] = await Promise.all([
    listResults(db, actor, member.companyId, f),
    resultsSummary(db, member.companyId, f),
    resultsFilterOptions(db, member.companyId),
    placementResults(db, member.companyId, placementPage),
  ]);
  const t = await getTranslations('Company.results');
  const tc = await getTranslations('Company.roster.column');
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const query = (extra: Record<string, string>) => new URLSearchParams({ ...typed, ...extra }).toString();
  const pageHref = (p: number) => `/company/results?${query({ page: String(p) })}`;
  const levelLabel = (l: string | null) => (l === null ? '—' : l === 'A0' ? t('belowA1') : l);
  const chart = summary.levels.map((l) => ({ name: levelLabel(l.level), count: l.count }));
  const rosterEmpty = options.positions.length === 0;
  const filtered = Object.keys(typed).length > 0;

  const groups = (title: string, id: string, rows: GroupCounts[], empty: string) => (
    <div className="min-w-0">
      <h3 id={id} className="mb-2 font-semibold">
        {title}
      </h3>
      <PortalTable
        labelledBy={id}
        labels={[t('summary.group'), t('summary.total'), t('summary.started'), t('summary.finished')]}
        head={
          <>
            <th scope="col" className={th}>
              {t('summary.group')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('summary.total')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('summary.started')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('summary.finished')}
            </th>
          </>
        }
      >
        {rows.map((g) => (
          <tr key={g.key ?? ''}>
            <th scope="row" className={`${td} font-normal`}>
              {g.key ?? empty}
            </th>
            <td className={`${td} text-right tabular-nums`}>{g.total}</td>
            <td className={`${td} text-right tabular-nums`}>{g.started}</td>
            <td className={`${td} text-right tabular-nums`}>{g.finished}</td>
          </tr>
        ))}
      </PortalTable>
    </div>
  );

  return (
    <div className="space-y-6">
      <PortalPageHeader title={t('title')} intro={t('intro')} />

      {rosterEmpty ? (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
          <p>{t('emptyRoster')}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link href="/company/employees/import" className={buttonClass}>
              {t('importLink')}
            </Link>
            <Link href="/company" className={secondaryButtonClass}>
              {t('linksLink')}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <form method="get" role="search" aria-label={t('filters.label')} className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
            <FilterInput id="res-q" name="q" label={t('filters.search')} value={typed.q} className="sm:col-span-2" />
            <FilterSelect id="res-status" name="status" label={t('filters.status')} value={typed.status} all={t('filters.all')} options={RESULT_STATUSES.map((s) => [s, t(`status.${s}`)] as const)} />
            <FilterSelect id="res-dep" name="department" label={t('filters.department')} value={typed.department} all={t('filters.all')} options={options.departments.map((d) => [d, d] as const)} />
            <FilterSelect id="res-pos" name="position" label={t('filters.position')} value={typed.position} all={t('filters.all')} options={options.positions.map((p) => [p, p] as const)} />
            <FilterInput id="res-from" type="date" name="from" label={t('filters.from')} value={typed.from} />
            <FilterInput id="res-to" type="date" name="to" label={t('filters.to')} value={typed.to} />
            <div className="flex items-end gap-3">
              <button type="submit" className={buttonClass}>
                {t('filters.apply')}
              </button>
              {filtered && (
                <Link href="/company/results" className={linkButtonClass}>
                  {t('filters.reset')}
                </Link>
              )}
            </div>
          </form>

          <section aria-labelledby="summary-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
            <div>
              <h2 id="summary-title" className="text-lg font-semibold">
                {t('summary.title')}
              </h2>
              <p className="text-sm text-muted">{t('summary.range')}</p>
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="results-counts">
              {(
                [
                  ['roster', summary.roster],
                  ['invited', summary.invited],
                  ['notStarted', summary.notStarted],
                  ['started', summary.started],
                  ['finished', summary.finished],
                ] as const
              ).map(([k, n]) => (
                <div key={k} className="rounded-xl bg-slate-50 p-3">
                  <dt className="text-xs text-muted">{t(`summary.${k}`)}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{n}</dd>
                </div>
              ))}
            </dl>
            <div className="grid gap-4 md:grid-cols-2">
              <div className="min-w-0">
                <h3 className="mb-2 font-semibold">{t('summary.levels')}</h3>
                <LevelChart data={chart} label={t('summary.people')} />
              </div>
              <div className="overflow-x-auto" role="region" aria-label={t('summary.levelsTable')} tabIndex={0}>
                <table className="w-full border-collapse text-left text-sm">
                  <caption className="mb-2 text-left text-sm text-muted">{t('summary.levelsTable')}</caption>
                  <thead className="bg-slate-50 text-xs text-muted">
                    <tr>
                      <th scope="col" className={th}>
                        {t('summary.level')}
                      </th>
                      <th scope="col" className={`${th} text-right`}>
                        {t('summary.people')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {chart.map((l) => (
                      <tr key={l.name}>
                        <th scope="row" className={`${td} font-normal`}>
                          {l.name}
                        </th>
                        <td className={`${td} text-right tabular-nums`}>{l.count}</td>
                      </tr>
                    ))}
                    {summary.noLevel > 0 && (
                      <tr>
                        <th scope="row" className={`${td} font-normal`}>
                          {t('noLevel')}
                        </th>
                        <td className={`${td} text-right tabular-nums`}>{summary.noLevel}</td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </div>
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {groups(t('summary.byDepartment'), 'by-dep', summary.departments, t('summary.noDepartment'))}
              {groups(t('summary.byPosition'), 'by-pos', summary.positions, '—')}
            </div>
          </section>

          <p className="text-sm text-muted" aria-live="polite">
            {t('count', { count: data.total })}
          </p>
          {data.rows.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-center text-muted">{t('noMatch')}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-line bg-white" role="region" aria-label={t('title')} tabIndex={0}>
              <table className="w-full min-w-[52rem] border-collapse text-left text-sm" data-testid="results-table">
                <caption className="sr-only">{t('title')}</caption>
                <thead className="bg-slate-50 text-xs tracking-wide text-muted uppercase">
                  <tr>
                    <HeadCells labels={[t('column.name'), tc('iin'), tc('department'), tc('positionCode'), t('column.status'), t('column.level'), t('column.date'), t('column.certificate')]} />
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {data.rows.map((r) => (
                    <tr key={r.employeeId}>
                      <th scope="row" className={`${td} text-left font-medium`}>
                        {r.lastName} {r.firstName}
                      </th>
                      <td className={`${td} whitespace-nowrap tabular-nums`}>{r.iin}</td>
                      <td className={td}>{r.department ?? '—'}</td>
                      <td className={td}>{r.positionCode}</td>
                      <td className={td}>{t(`status.${r.status}`)}</td>
                      <td className={`${td} whitespace-nowrap`}>{r.status === 'finished' ? (r.level ? levelLabel(r.level) : t('noLevel')) : '—'}</td>
                      <td className={`${td} whitespace-nowrap tabular-nums`}>{day(r.date)}</td>
                      <td className={td}>
                        {r.certificate ? (
                          <span className="flex flex-col gap-0.5">
                            <span className="whitespace-nowrap tabular-nums">
                              {r.certificate.number}
                              {r.certificate.revoked ? ` (${t('revoked')})` : ''}
                            </span>
                            <span className="flex gap-3">
                              <a href={`/api/company/results/certificates/${r.certificate.number}`} className={linkButtonClass}>
                                {t('pdf')}
                              </a>
                              <a href={`/certificate/${r.certificate.number}`} target="_blank" rel="noopener" className={linkButtonClass}>
                                {t('verifyLink')}
                              </a>
                            </span>
                          </span>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager label={t('pages')} page={f.page} pages={pages} shown={Math.min(f.page, pages)} href={pageHref} prev={t('prev')} next={t('next')} pageOf={(page, n) => t('pageOf', { page, pages: n })} />

          <PortalCard id="exports-title" title={t('exports.title')} className="space-y-3">
            <p className="text-sm text-muted">{t('exports.intro')}</p>
            <div className="flex flex-wrap gap-3">
              <a href={`/api/company/results/export?${query({ format: 'xlsx', lang: locale })}`} className={secondaryButtonClass} download>
                {t('exports.xlsx')}
              </a>
              <a href={`/api/company/results/export?${query({ format: 'csv', lang: locale })}`} className={secondaryButtonClass} download>
                {t('exports.csv')}
              </a>
              <a href="/api/company/results/certificates" className={secondaryButtonClass} download>
                {t('exports.zip')}
              </a>
            </div>
            <FullIinExport
              filter={typed}
              labels={{ title: t('exports.fullTitle'), intro: t('exports.fullIntro'), confirm: t('exports.fullConfirm'), button: t('exports.fullButton'), error: t('exports.fullError') }}
            />
          </PortalCard>
        </>
      )}

      <PortalCard id="placement-title" title={t('placement.title')} className="space-y-3">
        <p className="text-sm text-muted">{t('placement.intro')}</p>
        {placement.rows.length === 0 ? (
          <p className="text-sm text-muted">{t('placement.empty')}</p>
        ) : (
          <div className="overflow-x-auto" role="region" aria-labelledby="placement-title" tabIndex={0}>
            <table className="w-full border-collapse text-left text-sm">
              <thead className="bg-slate-50 text-xs text-muted">
                <tr>
                  <HeadCells labels={[t('placement.name'), t('placement.level'), t('placement.score'), t('placement.date')]} />
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {placement.rows.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className={`${td} font-normal`}>
                      {p.name ?? t('placement.anonymous')}
                    </th>
                    <td className={td}>{p.level ?? '—'}</td>
                    <td className={`${td} tabular-nums`}>{p.correct !== null && p.total !== null ? t('placement.scoreOf', { correct: p.correct, total: p.total }) : '—'}</td>
                    <td className={`${td} tabular-nums`}>{day(p.finishedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {placement.total > placement.pageSize && (
          <nav aria-label={t('pages')} className="flex items-center gap-3 text-sm">
            {placementPage > 1 && <Link href={`/company/results?${query({ ppage: String(placementPage - 1) })}`}>{t('prev')}</Link>}
            <span>{t('pageOf', { page: placementPage, pages: Math.ceil(placement.total / placement.pageSize) })}</span>
            {placementPage * placement.pageSize < placement.total && <Link href={`/company/results?${query({ ppage: String(placementPage + 1) })}`}>{t('next')}</Link>}
          </nav>
        )}
      </PortalCard>
    </div>
  );
}
