import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AttributionChartLazy } from '@/components/admin/attribution/chart-lazy';
import { AttributionTable, type SortKey } from '@/components/admin/attribution/report-table';
import { ToggleLinks } from '@/components/admin/attribution/toggle-links';
import { FilterBar, FilterField, adminInputClass } from '@/components/admin/ui/form';
import { EmptyState, PageHeader } from '@/components/admin/ui/table';
import { attributionReport } from '@/lib/leads/attribution';
import { getDb } from '@/lib/db/client';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { attributionQuerySchema, ATTRIBUTION_DIMENSIONS, type AttributionQuery } from '@/lib/validations/attribution';
import { intlLocale } from '@/lib/time/school-clock';

const PATH = '/admin/attribution';
const CHART_ROWS = 12;
const UTM_EXAMPLE = 'https://tilmen.kz/?utm_source=instagram&utm_medium=cpc&utm_campaign=autumn_2026';

type Search = Record<string, string | string[] | undefined>;

/** Attribution (scope sales): leads, registrations and won leads by utm, first or last touch, over Almaty days. */
export default async function AttributionPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'sales', PATH);
  const t = await getTranslations('Admin');
  const tv = await getTranslations('Validation');

  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = attributionQuerySchema.safeParse(raw);
  const query: AttributionQuery = parsed.success ? parsed.data : attributionQuerySchema.parse({});
  const fieldErrors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message]));
  const report = await attributionReport(await getDb(), query);

  const base = localePath(locale, PATH);
  const href = (change: Partial<AttributionQuery>) => {
    const next = { ...query, from: report.from, to: report.to, ...change };
    return `${base}?${new URLSearchParams({ from: next.from, to: next.to, touch: next.touch, by: next.by, sort: next.sort, dir: next.dir })}`;
  };
  const tag = intlLocale(locale);
  const day = (d: string) => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const period = t('attribution.period', { from: day(report.from), to: day(report.to) });
  const dimension = t(`attribution.dimension.${report.by}`);
  const figures = { leads: t('attribution.columns.leads'), registrations: t('attribution.columns.registrations'), won: t('attribution.columns.won'), conversion: t('attribution.columns.conversion') };
  const nothing = report.totals.leads + report.totals.registrations === 0;
  const untagged = !nothing && report.rows.every((r) => r.key === null);
  const chartRows = report.rows.slice(0, CHART_ROWS);

  return (
    <>
      <PageHeader title={t('attribution.title')} lead={t('attribution.lead')} />
      {!parsed.success && (
        <div role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p>{t('attribution.invalidQuery')}</p>
          {fieldErrors.to === 'date_range_order' && <p className="mt-1">{tv('date_range_order')}</p>}
        </div>
      )}
      <FilterBar action={base} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('attribution.range') }}>
        <FilterField id="attr-from" label={t('attribution.from')}>
          <input id="attr-from" name="from" type="date" defaultValue={report.from} className={adminInputClass} aria-invalid={fieldErrors.from ? true : undefined} />
        </FilterField>
        <FilterField id="attr-to" label={t('attribution.to')}>
          <input id="attr-to" name="to" type="date" defaultValue={report.to} className={adminInputClass} aria-invalid={fieldErrors.to ? true : undefined} />
        </FilterField>
        <input type="hidden" name="touch" value={report.touch} />
        <input type="hidden" name="by" value={report.by} />
        <input type="hidden" name="sort" value={report.sort} />
        <input type="hidden" name="dir" value={report.dir} />
      </FilterBar>
      <div className="mb-2 flex flex-wrap gap-x-6 gap-y-3">
        <ToggleLinks
          id="attr-touch"
          label={t('attribution.touch')}
          options={(['first', 'last'] as const).map((v) => ({ href: href({ touch: v }), label: t(v === 'first' ? 'attribution.touchFirst' : 'attribution.touchLast'), current: report.touch === v }))}
        />
        <ToggleLinks
          id="attr-by"
          label={t('attribution.by')}
          options={ATTRIBUTION_DIMENSIONS.map((v) => ({ href: href({ by: v }), label: `${t(`attribution.dimension.${v}`)} (utm_${v})`, current: report.by === v }))}
        />
      </div>
      <p className="mb-5 max-w-3xl text-xs text-muted">{t('attribution.touchHint')}</p>

      {nothing ? (
        <div className="rounded-xl border border-line bg-white">
          <EmptyState>{t('attribution.empty')}</EmptyState>
          <div className="px-4 pb-4">
            <UtmAdvice text={t('attribution.noUtm')} />
          </div>
        </div>
      ) : (
        <>
          {untagged && (
            <section aria-labelledby="attr-untagged" className="mb-5 rounded-xl border border-amber-300 bg-amber-50 p-4">
              <h2 id="attr-untagged" className="font-semibold text-amber-950">
                {t('attribution.noUtmTitle')}
              </h2>
              <UtmAdvice text={t('attribution.noUtm')} />
            </section>
          )}
          {!untagged && (
            <AttributionChartLazy
              data={chartRows.map((r) => ({ label: r.key ?? t('attribution.none'), leads: r.leads, registrations: r.registrations, won: r.won }))}
              labels={{ title: t('attribution.chartLabel', { count: chartRows.length }), ...figures }}
            />
          )}
          <p className="mb-2 text-xs text-muted">{t('attribution.sortHint')}</p>
          <AttributionTable
            rows={report.rows}
            totals={report.totals}
            sort={report.sort}
            dir={report.dir}
            sortHref={(sort: SortKey, dir) => href({ sort, dir })}
            labels={{ caption: t('attribution.caption', { dimension, period }), key: dimension, none: t('attribution.none'), total: t('attribution.total'), ...figures }}
            locale={locale}
          />
          {report.more > 0 && <p className="mt-2 text-sm text-muted">{t('attribution.more', { count: report.more })}</p>}
        </>
      )}
    </>
  );
}

function UtmAdvice({ text }: { text: string }) {
  return (
    <div className="text-sm text-ink">
      <p className="mt-1">{text}</p>
      <code className="mt-2 block overflow-x-auto rounded-md bg-slate-100 px-3 py-2 text-xs whitespace-nowrap">{UTM_EXAMPLE}</code>
    </div>
  );
}
