import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { FilterInput } from '@/components/company/filters';
import { PoolAllocationForm } from '@/components/company/pool-forms';
import { buttonClass } from '@/components/company/ui';
import { getDb } from '@/lib/db/client';
import { employeeLessonMinutes } from '@/lib/company-portal/lesson-minutes';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { viewEmployees } from '@/lib/company-portal/roster';
import { companyPool } from '@/lib/payments/company-pools';
import { trialsPeriod, trialsQuery } from '@/lib/validations/booking';
import { PortalPageHeader } from '@/components/company/page-header';
import { cellClass, PortalTableSection } from '@/components/company/table';
import { PortalCard } from '@/components/company/card';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const { th, td } = cellClass;

/** The lessons the company pays for: per employee, lessons and minutes attended, from the room's log; never their content. */
export default async function CompanyLessonsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member, actor } = await requireCompanyPage(locale, '/company/lessons');
  const sp = await searchParams;
  const parsed = trialsQuery.safeParse({ from: one(sp.from) || undefined, to: one(sp.to) || undefined });
  const q = parsed.success ? parsed.data : {};
  const db = await getDb();
  const data = await employeeLessonMinutes(db, actor, member.companyId, trialsPeriod(q));
  const pool = await companyPool(db, actor, member.companyId);
  const roster = pool.unallocated > 0 ? (await viewEmployees(db, actor, member.companyId, { page: 1, pageSize: 200 })).rows : [];
  // One row per employee with lessons in the period or lessons of the pool: minutes, given, spent, left.
  const minutes = new Map(data.employees.map((e) => [e.employeeId, e]));
  const pooled = new Map(pool.employees.map((e) => [e.employeeId, e]));
  const rows = [...new Set([...minutes.keys(), ...pooled.keys()])]
    .map((id) => {
      const m = minutes.get(id);
      const p = pooled.get(id);
      return { employeeId: id, lastName: (m ?? p)!.lastName, firstName: (m ?? p)!.firstName, lessons: m ? m.held + m.notHeld + m.scheduled : 0, attendedMinutes: m?.attendedMinutes ?? 0, allocated: p?.allocated ?? 0, spent: p?.held ?? 0, left: p?.left ?? 0 };
    })
    .sort((a, b) => a.lastName.localeCompare(b.lastName, 'ru') || a.firstName.localeCompare(b.firstName, 'ru'));
  const t = await getTranslations('Company.lessons');
  const tp = await getTranslations('Company.pool');
  return (
    <div className="space-y-6">
      <PortalPageHeader title={t('title')} intro={t('intro')} />
      <form method="get" aria-label={t('period')} className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-3">
        <FilterInput id="les-from" type="date" name="from" label={t('from')} value={q.from} />
        <FilterInput id="les-to" type="date" name="to" label={t('to')} value={q.to} />
        <div className="flex items-end">
          <button type="submit" className={buttonClass}>
            {t('apply')}
          </button>
        </div>
      </form>
      <PortalCard id="pool-title" title={tp('title')} className="space-y-3">
        <p className="text-sm text-muted">{tp('summary', { paid: pool.paid, unallocated: pool.unallocated })}</p>
        {pool.unallocated > 0 ? <PoolAllocationForm employees={roster.map((e) => ({ id: e.id, name: `${e.lastName} ${e.firstName}` }))} /> : <p className="text-sm text-muted">{tp('empty')}</p>}
      </PortalCard>
      <PortalTableSection
        id="lessons-title"
        title={t('total', { minutes: data.totalMinutes })}
        testId="company-lesson-minutes"
        hasRows={rows.length > 0}
        empty={t('empty')}
        head={
          <>
            <th scope="col" className={th}>
              {t('employee')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('lessons')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('minutes')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {tp('allocated')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {tp('spent')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {tp('left')}
            </th>
          </>
        }
      >
        {rows.map((e) => (
          <tr key={e.employeeId}>
            <th scope="row" className={`${td} font-normal`}>{`${e.lastName} ${e.firstName}`}</th>
            <td className={`${td} text-right tabular-nums`}>{e.lessons}</td>
            <td className={`${td} text-right tabular-nums`}>{e.attendedMinutes}</td>
            <td className={`${td} text-right tabular-nums`}>{e.allocated}</td>
            <td className={`${td} text-right tabular-nums`}>{e.spent}</td>
            <td className={`${td} text-right tabular-nums`}>{e.left}</td>
          </tr>
        ))}
      </PortalTableSection>
    </div>
  );
}
