import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterInput, FilterSelect } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { viewAccounts } from '@/lib/accounts-admin/list';
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
  const { actor } = await requireStaffPage(locale, 'sales', '/admin/accounts');
  const raw = await searchParams;
  const f = pageParams(accountsQuery, raw);
  const t = await getTranslations('Admin');
  const { rows, total } = await viewAccounts(await getDb(), actor, f);
  const path = localePath(locale, '/admin/accounts');
  // The filters as typed (dates as days), for the form and the page links.
  const keep = { q: f.q, role: f.role, blocked: f.blocked, from: f.from ? rawParam(raw, 'from') : undefined, to: f.to ? rawParam(raw, 'to') : undefined };
  return (
    <>
      <PageHeader title={t('accounts.title')} lead={t('accounts.lead')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('accounts.filters') }}>
        <FilterInput id="f-q" name="q" type="search" label={t('accounts.search')} value={f.q} wide />
        <FilterSelect id="f-role" name="role" label={t('accounts.role')} value={f.role} allLabel={t('common.all')} options={[['student', t('accounts.roles.student')], ['tutor', t('accounts.roles.tutor')]]} />
        <FilterSelect id="f-blocked" name="blocked" label={t('accounts.blockedFilter')} value={f.blocked} allLabel={t('common.all')} options={[['yes', t('accounts.blockedYes')], ['no', t('accounts.blockedNo')]]} />
        <FilterInput id="f-from" name="from" type="date" label={t('accounts.registeredFrom')} value={keep.from} />
        <FilterInput id="f-to" name="to" type="date" label={t('accounts.registeredTo')} value={keep.to} />
      </FilterBar>
      <PagedTable
        caption={t('accounts.caption')}
        head={[t('accounts.name'), t('accounts.role'), t('accounts.phone'), t('accounts.email'), t('accounts.registered'), t('accounts.status')]}
        shown={rows.length}
        empty={t('accounts.empty')}
        pages={{ path, params: keep, at: f, total }}
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
      </PagedTable>
    </>
  );
}
