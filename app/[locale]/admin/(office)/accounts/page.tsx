import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterField, adminInputClass } from '@/components/admin/ui/form';
import { Pagination } from '@/components/admin/ui/pagination';
import { Badge, DataTable, EmptyState, PageHeader, cellClass } from '@/components/admin/ui/table';
import { listAccounts } from '@/lib/accounts-admin/list';
import { getDb } from '@/lib/db/client';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { accountsQuery } from '@/lib/validations/accounts-admin';
import { pageParams, rawParam } from '@/lib/validations/query';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Students and tutors: search and filters in the URL, phones masked (scopes sales, admin). */
export default async function AccountsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'sales', '/admin/accounts');
  const raw = await searchParams;
  const f = pageParams(accountsQuery, raw);
  const t = await getTranslations('Admin');
  const { rows, total } = await listAccounts(await getDb(), f);
  const path = localePath(locale, '/admin/accounts');
  // The filters as typed (dates as days), for the form and the page links.
  const keep = { q: f.q, role: f.role, blocked: f.blocked, from: f.from ? rawParam(raw, 'from') : undefined, to: f.to ? rawParam(raw, 'to') : undefined };
  return (
    <>
      <PageHeader title={t('accounts.title')} lead={t('accounts.lead')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('accounts.filters') }}>
        <FilterField id="f-q" label={t('accounts.search')} wide>
          <input id="f-q" name="q" type="search" defaultValue={f.q ?? ''} className={adminInputClass} />
        </FilterField>
        <FilterField id="f-role" label={t('accounts.role')}>
          <select id="f-role" name="role" defaultValue={f.role ?? ''} className={adminInputClass}>
            <option value="">{t('common.all')}</option>
            <option value="student">{t('accounts.roles.student')}</option>
            <option value="tutor">{t('accounts.roles.tutor')}</option>
          </select>
        </FilterField>
        <FilterField id="f-blocked" label={t('accounts.blockedFilter')}>
          <select id="f-blocked" name="blocked" defaultValue={f.blocked ?? ''} className={adminInputClass}>
            <option value="">{t('common.all')}</option>
            <option value="yes">{t('accounts.blockedYes')}</option>
            <option value="no">{t('accounts.blockedNo')}</option>
          </select>
        </FilterField>
        <FilterField id="f-from" label={t('accounts.registeredFrom')}>
          <input id="f-from" name="from" type="date" defaultValue={keep.from ?? ''} className={adminInputClass} />
        </FilterField>
        <FilterField id="f-to" label={t('accounts.registeredTo')}>
          <input id="f-to" name="to" type="date" defaultValue={keep.to ?? ''} className={adminInputClass} />
        </FilterField>
      </FilterBar>
      <DataTable
        caption={t('accounts.caption')}
        head={[t('accounts.name'), t('accounts.role'), t('accounts.phone'), t('accounts.email'), t('accounts.registered'), t('accounts.status')]}
        empty={rows.length === 0 ? <EmptyState>{t('accounts.empty')}</EmptyState> : undefined}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td className={cellClass}>
              <Link href={localePath(locale, `/admin/accounts/${r.id}`)} prefetch={false} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                {r.name}
              </Link>
            </td>
            <td className={cellClass}>{t(`accounts.roles.${r.role}`)}</td>
            <td className={`${cellClass} whitespace-nowrap font-mono`}>{r.phone}</td>
            <td className={`${cellClass} break-all`}>{r.email ?? t('common.none')}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDate(locale, r.createdAt)}</td>
            <td className={cellClass}>{r.blocked ? <Badge tone="bad">{t('accounts.blocked')}</Badge> : <Badge tone="good">{t('accounts.active')}</Badge>}</td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        path={path}
        params={keep}
        page={f.page}
        pageSize={f.pageSize}
        total={total}
        labels={{ prev: t('common.prev'), next: t('common.next'), nav: t('accounts.caption'), total: t('common.total', { count: total }), pageOf: t('common.pageOf', { page: f.page, pages: Math.max(1, Math.ceil(total / f.pageSize)) }) }}
      />
    </>
  );
}
