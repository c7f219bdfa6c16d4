import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { groupWords } from '@/components/admin/groups/labels';
import { GROUP_TONES } from '@/components/admin/groups/tones';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterSelect, adminButtonClass } from '@/components/admin/ui/form';
import { Badge, DataTable, EmptyState, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { staffGroups } from '@/lib/groups/admin';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { schoolNoon } from '@/lib/time/school-clock';
import { formatClock, GROUP_STATUSES, type GroupStatus } from '@/lib/validations/groups';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The school's groups (scopes sales, admin): fill rate and waitlist at a glance, a status filter, a new group. */
export default async function GroupsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'sales', '/admin/groups');
  const sp = await searchParams;
  const status = GROUP_STATUSES.find((s) => s === sp.status) as GroupStatus | undefined;
  const t = await getTranslations('Admin');
  const w = await groupWords();
  const rows = await staffGroups(await getDb(), { status });
  const path = localePath(locale, '/admin/groups');
  return (
    <>
      <PageHeader
        title={t('groups.title')}
        lead={t('groups.lead')}
        actions={
          <Link href={localePath(locale, '/admin/groups/new')} className={adminButtonClass}>
            {t('groups.new')}
          </Link>
        }
      />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('groups.filters') }}>
        <FilterSelect id="f-status" name="status" label={t('groups.status')} value={status} allLabel={t('common.all')} options={GROUP_STATUSES.map((s) => [s, t(`groups.statuses.${s}`)])} />
      </FilterBar>
      <DataTable
        caption={t('groups.caption')}
        head={[t('groups.group'), t('groups.tutor'), t('groups.when'), t('groups.startDate'), t('groups.fill'), t('groups.waitlist'), t('groups.status')]}
        empty={rows.length ? undefined : <EmptyState>{status ? t('groups.emptyFiltered') : t('groups.empty')}</EmptyState>}
      >
        {rows.map((g) => {
          const taken = g.paid + g.held;
          return (
            <tr key={g.id} data-testid={`group-${g.id}`}>
              <td className={cellClass}>
                <Link href={localePath(locale, `/admin/groups/${g.id}`)} className="font-medium text-brand-dark hover:underline">
                  {w.title(g)}
                </Link>
                <p className="text-xs text-muted">
                  {w.ages[g.ageBand]}
                  {g.companyName && ` · ${t('groups.closedFor', { company: g.companyName })}`}
                </p>
              </td>
              <td className={cellClass}>{g.tutorName}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {w.days(g.weekdays)}, {formatClock(g.startMinute)}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDate(locale, schoolNoon(g.startDate))}</td>
              <td className={`${cellClass} tabular-nums`} data-testid="group-fill">
                <span className="sr-only">{t('groups.fillOf', { taken, max: g.maxSeats })}</span>
                <span aria-hidden>
                  {taken}/{g.maxSeats}
                </span>
                <span aria-hidden className="mt-1 block h-1.5 w-16 overflow-hidden rounded bg-line">
                  <span className={`block h-full ${taken < g.minSeats ? 'bg-amber-500' : 'bg-green-600'}`} style={{ width: `${Math.round((100 * taken) / Math.max(1, g.maxSeats))}%` }} />
                </span>
                {g.held > 0 && <p className="text-xs text-muted">{t('groups.held', { count: g.held })}</p>}
              </td>
              <td className={`${cellClass} tabular-nums`}>{g.waiting}</td>
              <td className={cellClass} data-testid="group-status">
                <Badge tone={GROUP_TONES[g.status]}>{t(`groups.statuses.${g.status}`)}</Badge>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </>
  );
}
