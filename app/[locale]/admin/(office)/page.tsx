import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { FigureCard, FigureGroup } from '@/components/admin/dashboard/figure-card';
import { LeadsChartIsland } from '@/components/admin/dashboard/leads-chart-island';
import { cellClass, DataTable, PageHeader } from '@/components/admin/ui/table';
import { LEAD_LIST_KINDS } from '@/lib/leads/filters';
import { getDb } from '@/lib/db/client';
import { reviewFigures, salesFigures, type SalesFigures, type TodayAndMonth } from '@/lib/dashboard/figures';
import type { PromiseShare } from '@/lib/dashboard/callback-share';
import { dashboardWindows } from '@/lib/dashboard/time';
import { hasScope } from '@/lib/validations/staff-scopes';
import { redirect } from 'next/navigation';
import { currentStaff, requireStaffPage } from '@/lib/staff/page';
import { staffHome } from '@/lib/staff/sections';
import { localePath } from '@/lib/seo';

/** The dashboard (scopes sales, reviewer; admin sees everything): each member sees the figures of their work. */
export default async function DashboardPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  // A member whose scopes do not open the dashboard (finance) starts on their first section, never a 403.
  const member = await currentStaff();
  if (member && !hasScope(member.scopes, ['sales', 'reviewer'])) redirect(localePath(locale, staffHome(member.scopes).path));
  const { staff } = await requireStaffPage(locale, ['sales', 'reviewer'], '/admin');
  const t = await getTranslations('Admin.dashboard');
  const db = await getDb();
  const now = new Date();
  const sales = hasScope(staff.scopes, 'sales') ? await salesFigures(db, now) : null;
  const review = hasScope(staff.scopes, 'reviewer') ? await reviewFigures(db, now) : null;
  const n = new Intl.NumberFormat(locale);
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const w = dashboardWindows(now);
  const month = (v: TodayAndMonth) => t('month', { count: n.format(v.month) });
  const todayValue = (v: TodayAndMonth) => (
    <>
      {n.format(v.today)} <span className="text-sm font-normal text-muted">{t('today')}</span>
    </>
  );
  const noData = <span className="block text-base font-medium text-muted">{t('noData')}</span>;
  const share = (s: PromiseShare) => (s.share === null ? noData : pct.format(s.share));
  const shareTone = (s: number | null) => (s === null ? 'neutral' : s >= 0.9 ? 'good' : s >= 0.7 ? 'warn' : 'bad');
  const leadsHref = (extra: Record<string, string> = {}) => `/admin/leads?${new URLSearchParams({ ...extra, from: w.sinceDate, to: w.todayDate })}`;

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      {sales && (
        <>
          <FigureGroup id="dash-leads" title={t('leadsTitle')}>
            <FigureCard testId="figure-leads" label={t('leadsTotal')} value={todayValue(sales.leadsTotal)} sub={month(sales.leadsTotal)} href={leadsHref()} />
            {LEAD_LIST_KINDS.map((kind) => (
              <FigureCard key={kind} testId={`figure-leads-${kind}`} label={t(`kinds.${kind}`)} value={todayValue(sales.leadsByKind[kind])} sub={month(sales.leadsByKind[kind])} href={leadsHref({ kind })} />
            ))}
          </FigureGroup>
          <FigureGroup id="dash-promise" title={t('promiseTitle')}>
            <FigureCard
              testId="figure-callbacks-overdue"
              label={t('callbacksOverdue')}
              value={n.format(sales.callbacksOverdue)}
              sub={t('callbacksOverdueHint')}
              tone={sales.callbacksOverdue > 0 ? 'bad' : 'neutral'}
              href="/admin/leads?kind=callback&status=new"
            />
            {(['promise7', 'promise30'] as const).map((key) => {
              const s = key === 'promise7' ? sales.callbackShare.week : sales.callbackShare.month;
              return (
                <FigureCard
                  key={key}
                  testId={`figure-${key}`}
                  label={t(key)}
                  value={share(s)}
                  sub={s.counted ? t('promiseHint', { inTime: n.format(s.inTime), counted: n.format(s.counted) }) : undefined}
                  tone={shareTone(s.share)}
                  href="/admin/leads?kind=callback"
                />
              );
            })}
          </FigureGroup>
          <FigureGroup id="dash-chat" title={t('chatTitle')}>
            {(['chat7', 'chat30'] as const).map((key) => {
              const s = key === 'chat7' ? sales.chatShare.week : sales.chatShare.month;
              return (
                <FigureCard
                  key={key}
                  testId={`figure-${key}`}
                  label={t(key)}
                  value={share(s)}
                  sub={s.counted ? t('chatHint', { inTime: n.format(s.inTime), counted: n.format(s.counted), minutes: s.medianMinutes === null ? '—' : hours.format(s.medianMinutes) }) : undefined}
                  tone={shareTone(s.share)}
                />
              );
            })}
          </FigureGroup>
          <section aria-labelledby="dash-chart" className="mb-8 rounded-xl border border-line bg-white p-4">
            <h2 id="dash-chart" className="mb-3 text-lg font-semibold">
              {t('chartTitle')}
            </h2>
            <LeadsChartIsland data={sales.leadsPerDay} kinds={LEAD_LIST_KINDS.map((k) => ({ key: k, label: t(`kinds.${k}`) }))} locale={locale}>
              <LeadsTable sales={sales} locale={locale} labels={{ caption: t('chartTable'), day: t('day'), total: t('total'), kinds: Object.fromEntries(LEAD_LIST_KINDS.map((k) => [k, t(`kinds.${k}`)])) }} />
            </LeadsChartIsland>
          </section>
          <FigureGroup id="dash-people" title={t('peopleTitle')}>
            <FigureCard testId="figure-kazakh" label={t('kazakhTests')} value={todayValue(sales.tests.kazakh)} sub={month(sales.tests.kazakh)} href="/admin/tests" />
            <FigureCard testId="figure-placement" label={t('placementTests')} value={todayValue(sales.tests.placement)} sub={month(sales.tests.placement)} />
            <FigureCard testId="figure-students" label={t('students')} value={todayValue(sales.registrations.student)} sub={month(sales.registrations.student)} href="/admin/accounts?role=student" />
            <FigureCard testId="figure-tutors" label={t('tutors')} value={todayValue(sales.registrations.tutor)} sub={month(sales.registrations.tutor)} href="/admin/accounts?role=tutor" />
          </FigureGroup>
        </>
      )}
      {review && (
        <FigureGroup id="dash-review" title={t('review')}>
          <FigureCard testId="figure-waiting" label={t('waiting')} value={n.format(review.waiting)} sub={t('waitingHint')} href="/admin/applications?status=submitted" />
          <FigureCard testId="figure-due-soon" label={t('dueSoon')} value={n.format(review.dueSoon)} tone={review.dueSoon > 0 ? 'warn' : 'neutral'} href="/admin/applications?status=submitted" />
          <FigureCard testId="figure-review-overdue" label={t('overdue')} value={n.format(review.overdue)} tone={review.overdue > 0 ? 'bad' : 'neutral'} href="/admin/applications?status=submitted" />
          <FigureCard testId="figure-decided-today" label={t('decidedToday')} value={n.format(review.decidedToday)} href="/admin/applications" />
          <FigureCard
            testId="figure-review-median"
            label={t('median')}
            value={review.metrics.medianHours === null ? noData : t('medianValue', { hours: hours.format(review.metrics.medianHours) })}
            sub={review.metrics.decided ? t('medianHint', { count: review.metrics.decided }) : undefined}
            href="/admin/applications"
          />
          <FigureCard
            testId="figure-review-share"
            label={t('reviewShare')}
            value={review.metrics.share === null ? noData : pct.format(review.metrics.share)}
            sub={review.metrics.decided ? t('reviewShareHint', { inTime: n.format(review.metrics.inTime), decided: review.metrics.decided }) : undefined}
            tone={shareTone(review.metrics.share)}
            href="/admin/applications"
          />
        </FigureGroup>
      )}
    </>
  );
}

/** The chart's numbers as a table: what screen readers and browsers without JavaScript get. */
function LeadsTable({ sales, locale, labels }: { sales: SalesFigures; locale: string; labels: { caption: string; day: string; total: string; kinds: Record<string, string> } }) {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <DataTable caption={labels.caption} head={[labels.day, ...LEAD_LIST_KINDS.map((k) => labels.kinds[k]), labels.total]}>
      {[...sales.leadsPerDay].reverse().map((row) => (
        <tr key={row.date}>
          <th scope="row" className={`${cellClass} font-normal whitespace-nowrap`}>
            <time dateTime={row.date}>{day.format(new Date(`${row.date}T00:00:00Z`))}</time>
          </th>
          {LEAD_LIST_KINDS.map((k) => (
            <td key={k} className={`${cellClass} tabular-nums`}>
              {row[k]}
            </td>
          ))}
          <td className={`${cellClass} tabular-nums font-medium`}>{LEAD_LIST_KINDS.reduce((sum, k) => sum + row[k], 0)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
