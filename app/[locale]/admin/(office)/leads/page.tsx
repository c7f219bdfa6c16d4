import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { CallbackBadge } from '@/components/admin/leads/callback-badge';
import { DutyToggle } from '@/components/admin/leads/duty-toggle';
import { LeadFilters } from '@/components/admin/leads/lead-filters';
import { StatusBadge } from '@/components/admin/leads/status-badge';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { ExportButtons } from '@/components/admin/leads/export-buttons';
import { cellClass, PageHeader } from '@/components/admin/ui/table';
import { salesAssignees } from '@/lib/leads/assign';
import { ownDuty } from '@/lib/leads/duty';
import { leadFilterFromQuery, viewLeadList } from '@/lib/leads/list';
import { workCalendar } from '@/lib/leads/working-time';
import { getDb } from '@/lib/db/client';
import { localePath } from '@/lib/seo';
import { EXPORT_SCOPES, hasScope } from '@/lib/validations/staff-scopes';
import { requireStaffPage } from '@/lib/staff/page';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The leads list (scope sales): filters in the URL, newest first, phones masked, the callback promise counting down. */
export default async function LeadsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { staff, actor } = await requireStaffPage(locale, 'sales', '/admin/leads');
  const t = await getTranslations('Admin.leads');
  const tr = await getTranslations('Admin.retention');
  const raw = await searchParams;
  const { filter, dropped } = leadFilterFromQuery(raw);
  const db = await getDb();
  const [list, people, onDuty] = await Promise.all([viewLeadList(db, actor, filter), salesAssignees(db), ownDuty(db, staff.id)]);
  const tz = workCalendar().tz;
  const when = new Intl.DateTimeFormat(locale, { timeZone: tz, day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' });
  const path = localePath(locale, '/admin/leads');
  const kept = Object.fromEntries(Object.entries(raw).filter(([k, v]) => k !== 'page' && typeof v === 'string' && v !== '' && !dropped.includes(k))) as Record<string, string>;
  const filtered = Object.keys(kept).some((k) => k !== 'touch' && k !== 'pageSize');

  return (
    <>
      <PageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          <>
            {hasScope(staff.scopes, EXPORT_SCOPES) && <ExportButtons />}
            {staff.scopes.includes('sales') && <DutyToggle onDuty={onDuty} />}
          </>
        }
      />
      <LeadFilters action={path} values={kept} people={people} canFilterByMe={hasScope(staff.scopes, 'sales')} />
      {dropped.length > 0 && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('badFilter', { fields: dropped.map((k) => (t.has(`filters.${k}` as never) ? t(`filters.${k}` as never) : k)).join(', ') })}
        </p>
      )}
      <PagedTable
        caption={t('caption')}
        head={[t('columns.date'), t('columns.kind'), t('columns.name'), t('columns.phone'), t('columns.status'), t('columns.assignee'), t('columns.callback'), t('columns.utmSource')]}
        shown={list.rows.length}
        empty={filtered ? t('emptyFiltered') : t('empty')}
        pages={{ path, params: kept, at: list, total: list.total }}
        nav={t('pagination')}
      >
        {list.rows.map((r) => (
          <tr key={r.id} className="hover:bg-slate-50">
            <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{when.format(r.createdAt)}</td>
            <td className={cellClass}>{t.has(`kinds.${r.kind}` as never) ? t(`kinds.${r.kind}` as never) : r.kind}</td>
            <td className={cellClass}>
              <Link href={`/admin/leads/${r.id}`} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                {r.name || <span className="italic">{tr('anonymised')}</span>}
              </Link>
            </td>
            <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{r.phone || <span className="text-muted">—</span>}</td>
            <td className={cellClass}>
              <StatusBadge status={r.status} />
            </td>
            <td className={cellClass}>{r.assigneeName ?? <span className="text-muted">{t('unassigned')}</span>}</td>
            <td className={cellClass}>
              <CallbackBadge state={r.callback} dueAt={r.callbackDueAt} locale={locale} timeZone={tz} />
            </td>
            <td className={cellClass}>{r.utmSource ?? <span className="text-muted">—</span>}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
