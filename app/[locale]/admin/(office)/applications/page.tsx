import Link from 'next/link';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ApplicationStatusBadge } from '@/components/admin/applications/status-badge';
import { FilterBar, FilterField, adminInputClass } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { DUE_SOON_HOURS } from '@/lib/review/metrics';
import { viewApplicationQueue } from '@/lib/review/queue';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { APPLICATION_STATUSES, applicationQueueSchema } from '@/lib/validations/review';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The review queue (scope reviewer): oldest due date first, overdue ones marked; filters in the URL. */
export default async function ApplicationsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, 'reviewer', '/admin/applications');
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = applicationQueueSchema.safeParse(raw);
  // A hand-edited URL with a bad value shows the default queue rather than an error page.
  const filter = parsed.success ? parsed.data : applicationQueueSchema.parse({});
  const now = new Date();
  const { rows, total, page, pageSize } = await viewApplicationQueue(await getDb(), actor, filter, now);
  const t = await getTranslations('Admin.applications');
  const tc = await getTranslations('Admin.common');
  const tw = await getTranslations('Registration.tutor');
  const format = await getFormatter();
  const when = (d: Date) => format.dateTime(d, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const path = localePath(locale, '/admin/applications');
  const soon = now.getTime() + DUE_SOON_HOURS * 3_600_000;
  const isDefault = filter.status === 'open' && !filter.overdue && !filter.q;

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <FilterBar action={path} labels={{ apply: tc('apply'), reset: tc('reset'), title: t('filters') }}>
        <FilterField id="app-status" label={t('statusFilter')}>
          <select id="app-status" name="status" defaultValue={filter.status} className={adminInputClass}>
            <option value="open">{t('statusOpen')}</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
            <option value="all">{t('statusAll')}</option>
          </select>
        </FilterField>
        <FilterField id="app-q" label={t('search')} wide>
          <input id="app-q" name="q" type="search" defaultValue={filter.q ?? ''} maxLength={80} className={adminInputClass} />
        </FilterField>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="overdue" value="1" defaultChecked={!!filter.overdue} className="size-4 accent-brand" />
          {t('overdueOnly')}
        </label>
      </FilterBar>
      <PagedTable
        caption={t('caption')}
        head={[t('col.due'), t('col.status'), t('col.name'), t('col.phone'), t('col.subject'), t('col.round'), t('col.submitted')]}
        shown={rows.length}
        empty={isDefault ? t('emptyOpen') : t('empty')}
        pages={{ path, params: { status: filter.status === 'open' ? undefined : filter.status, overdue: filter.overdue, q: filter.q || undefined }, at: { page, pageSize }, total }}
      >
        {rows.map((r) => {
          const open = r.status === 'submitted' || r.status === 'in_review';
          const fullName = [r.lastname, r.name, r.secondname].filter(Boolean).join(' ');
          return (
            <tr key={r.id} data-testid="application-row" data-id={r.id} className={r.overdue ? 'bg-red-50/40' : undefined}>
              <td className={`${cellClass} whitespace-nowrap`}>
                <time dateTime={r.reviewDueAt.toISOString()}>{when(r.reviewDueAt)}</time>
                {r.overdue && (
                  <div className="mt-1">
                    <Badge tone="bad">{t('overdue')}</Badge>
                  </div>
                )}
                {open && !r.overdue && r.reviewDueAt.getTime() < soon && (
                  <div className="mt-1">
                    <Badge tone="warn">{t('dueSoon')}</Badge>
                  </div>
                )}
              </td>
              <td className={cellClass}>
                <ApplicationStatusBadge status={r.status} label={t(`status.${r.status}`)} />
              </td>
              <td className={cellClass}>
                <Link href={localePath(locale, `/admin/applications/${r.id}`)} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                  {fullName}
                </Link>
                {r.reviewerName && <div className="text-xs text-muted">{r.reviewerName}</div>}
              </td>
              <td className={`${cellClass} whitespace-nowrap font-mono text-xs`}>{r.phone}</td>
              <td className={cellClass}>{r.subject && tw.has(`subjects.${r.subject}` as never) ? tw(`subjects.${r.subject}` as never) : (r.subject ?? tc('none'))}</td>
              <td className={cellClass} data-testid="application-round">
                {r.round}
              </td>
              <td className={`${cellClass} whitespace-nowrap text-muted`}>
                <time dateTime={r.submittedAt.toISOString()}>{when(r.submittedAt)}</time>
              </td>
            </tr>
          );
        })}
      </PagedTable>
    </>
  );
}
