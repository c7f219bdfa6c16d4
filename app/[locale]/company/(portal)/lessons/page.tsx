import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { FilterInput } from '@/components/company/filters';
import { PoolAllocationForm, PoolInviteButton } from '@/components/company/pool-forms';
import { buttonClass } from '@/components/company/ui';
import { getDb } from '@/lib/db/client';
import { employeeLessonMinutes } from '@/lib/company-portal/lesson-minutes';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { viewEmployees } from '@/lib/company-portal/roster';
import { companyPool } from '@/lib/payments/company-pools';
import { poolTutorPriceMax } from '@/lib/lessons/money';
import { formatTenge, formatTiyn } from '@/lib/tariffs';
import { schoolLongDate, schoolNoon } from '@/lib/time/school-clock';
import { schoolDay } from '@/lib/time/wall-clock';
import { trialsPeriod, trialsQuery } from '@/lib/validations/booking';
import { PortalPageHeader } from '@/components/company/page-header';
import { cellClass, PortalTableSection } from '@/components/company/table';
import { PortalCard } from '@/components/company/card';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const { th, td } = cellClass;
const num = `${td} text-right tabular-nums`;

/**
 * The lessons the company pays for: the pool (paid, allocated, used, left, in lessons and money; how
 * employees take them; allocating), per employee from the pool (booked, held by the room's record,
 * no-shows, left), and the period's lessons and minutes with their export; never their content.
 */
export default async function CompanyLessonsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member, actor } = await requireCompanyPage(locale, '/company/lessons');
  const sp = await searchParams;
  const parsed = trialsQuery.safeParse({ from: one(sp.from) || undefined, to: one(sp.to) || undefined });
  const q = parsed.success ? parsed.data : {};
  const period = trialsPeriod(q);
  // The period's days as the fields show them (the defaults too, so HR sees which dates count).
  const fromDay = q.from ?? schoolDay(period.from);
  const toDay = q.to ?? schoolDay(new Date(period.to.getTime() - 1));
  const db = await getDb();
  const data = await employeeLessonMinutes(db, actor, member.companyId, period);
  const pool = await companyPool(db, actor, member.companyId);
  const roster = pool.unallocated > 0 ? (await viewEmployees(db, actor, member.companyId, { page: 1, pageSize: 200 })).rows : [];
  const t = await getTranslations('Company.lessons');
  const tp = await getTranslations('Company.pool');
  const money = (tiyn: number) => formatTiyn(tiyn, locale);
  const exportHref = (format: 'xlsx' | 'csv') => `/api/company/lessons/export?from=${fromDay}&to=${toDay}&format=${format}`;
  const poolLabels = [tp('employee'), tp('allocated'), tp('scheduled'), tp('held'), tp('missed'), tp('left'), undefined];
  const periodLabels = [t('employee'), t('held'), t('notHeld'), t('scheduled'), t('minutes')];
  return (
    <div className="space-y-6">
      <PortalPageHeader title={t('title')} intro={t('intro')} />
      <PortalCard id="pool-title" title={tp('title')} className="space-y-3">
        <p className="text-sm text-muted" data-testid="pool-summary">
          {tp('summary', { paid: pool.paid, unallocated: pool.unallocated })}
        </p>
        <p className="text-sm" data-testid="pool-money">
          {tp('money', { paid: money(pool.money.paidTiyn), used: money(pool.money.usedTiyn), scheduled: money(pool.money.scheduledTiyn), unspent: money(pool.money.unspentTiyn) })}
        </p>
        <details className="rounded-xl bg-brand-tint/30 p-3 text-sm">
          <summary className="cursor-pointer font-medium">{tp('howTitle')}</summary>
          <p className="mt-2">{tp('how', { max: formatTenge(poolTutorPriceMax(), locale) })}</p>
          <p className="mt-2">
            {tp('invite')}: {tp('inviteHint')}
          </p>
        </details>
        {pool.unallocated > 0 ? <PoolAllocationForm employees={roster.map((e) => ({ id: e.id, name: `${e.lastName} ${e.firstName}` }))} /> : <p className="text-sm text-muted">{tp('empty')}</p>}
      </PortalCard>
      <PortalTableSection
        id="pool-employees-title"
        title={tp('tableTitle')}
        testId="company-pool-employees"
        hasRows={pool.employees.length > 0}
        empty={tp('tableEmpty')}
        labels={poolLabels}
        head={poolLabels.map((l, i) => (
          <th key={l ?? 'invite'} scope="col" className={i === 0 || l === undefined ? th : `${th} text-right`}>
            {l ?? <span className="sr-only">{tp('invite')}</span>}
          </th>
        ))}
      >
        {pool.employees.map((e) => (
          <tr key={e.employeeId}>
            <th scope="row" className={`${td} font-normal`}>{`${e.lastName} ${e.firstName}`}</th>
            <td className={num}>{e.allocated}</td>
            <td className={num}>{e.scheduled}</td>
            <td className={num}>{e.held}</td>
            <td className={num}>{e.missed}</td>
            <td className={num}>{e.left}</td>
            <td className={td}>
              <PoolInviteButton employeeId={e.employeeId} name={`${e.lastName} ${e.firstName}`} />
            </td>
          </tr>
        ))}
      </PortalTableSection>
      <form method="get" aria-label={t('period')} className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-3">
        <FilterInput id="les-from" type="date" name="from" label={t('from')} value={fromDay} />
        <FilterInput id="les-to" type="date" name="to" label={t('to')} value={toDay} />
        <div className="flex items-end">
          <button type="submit" className={buttonClass}>
            {t('apply')}
          </button>
        </div>
      </form>
      <PortalTableSection
        id="lessons-title"
        title={t('periodTitle', { from: schoolLongDate(schoolNoon(fromDay), locale), to: schoolLongDate(schoolNoon(toDay), locale) })}
        testId="company-lesson-minutes"
        hasRows={data.employees.length > 0}
        empty={t('empty')}
        labels={periodLabels}
        head={periodLabels.map((l, i) => (
          <th key={l} scope="col" className={i === 0 ? th : `${th} text-right`}>
            {l}
          </th>
        ))}
      >
        {data.employees.map((e) => (
          <tr key={e.employeeId}>
            <th scope="row" className={`${td} font-normal`}>{`${e.lastName} ${e.firstName}`}</th>
            <td className={num}>{e.held}</td>
            <td className={num}>{e.notHeld}</td>
            <td className={num}>{e.scheduled}</td>
            <td className={num}>{e.attendedMinutes}</td>
          </tr>
        ))}
      </PortalTableSection>
      <p className="text-sm">
        <span className="font-medium">{t('total', { minutes: data.totalMinutes })}</span>
        <span className="ml-3">{t('export')}</span>{' '}
        <a href={exportHref('xlsx')} className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline" data-testid="lessons-export-xlsx">
          XLSX
        </a>{' '}
        ·{' '}
        <a href={exportHref('csv')} className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
          CSV
        </a>
      </p>
    </div>
  );
}
