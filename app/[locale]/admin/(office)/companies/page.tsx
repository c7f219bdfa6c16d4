import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterInput, FilterSelect, adminButtonClass } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { listCompanies } from '@/lib/companies/admin';
import { getDb } from '@/lib/db/client';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { companiesQuery } from '@/lib/validations/companies';
import { pageParams } from '@/lib/validations/query';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Corporate clients with their counts (scopes sales, admin; admins create). */
export default async function CompaniesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { staff } = await requireStaffPage(locale, 'sales', '/admin/companies');
  const f = pageParams(companiesQuery, await searchParams);
  const t = await getTranslations('Admin');
  const { rows, total } = await listCompanies(await getDb(), f);
  const path = localePath(locale, '/admin/companies');
  return (
    <>
      <PageHeader
        title={t('companies.title')}
        lead={t('companies.lead')}
        actions={
          staff.scopes.includes('admin') ? (
            <Link href={localePath(locale, '/admin/companies/new')} className={adminButtonClass}>
              {t('companies.new')}
            </Link>
          ) : undefined
        }
      />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('companies.filters') }}>
        <FilterInput id="f-q" name="q" type="search" label={t('companies.search')} value={f.q} wide />
        <FilterSelect id="f-active" name="active" label={t('companies.stateFilter')} value={f.active} allLabel={t('common.all')} options={[['yes', t('companies.stateActive')], ['no', t('companies.stateInactive')]]} />
      </FilterBar>
      <PagedTable
        caption={t('companies.caption')}
        head={[t('companies.name'), t('companies.slug'), t('companies.stateFilter'), t('companies.takers'), t('companies.certificates'), t('companies.placements'), t('companies.created')]}
        shown={rows.length}
        empty={t('companies.empty')}
        pages={{ path, params: { q: f.q, active: f.active }, at: f, total }}
      >
        {rows.map((c) => (
          <tr key={c.id}>
            <td className={cellClass}>
              <Link href={localePath(locale, `/admin/companies/${c.id}`)} className="font-medium text-brand-dark hover:underline">
                {c.name}
              </Link>
            </td>
            <td className={`${cellClass} font-mono`}>{c.slug}</td>
            <td className={cellClass}>{c.active ? <Badge tone="good">{t('companies.stateActive')}</Badge> : <Badge>{t('companies.stateInactive')}</Badge>}</td>
            <td className={`${cellClass} tabular-nums`}>
              <Link href={`${localePath(locale, '/admin/tests')}?company=${c.id}`} className="text-brand-dark hover:underline">
                {c.takers}
              </Link>
            </td>
            <td className={`${cellClass} tabular-nums`}>{c.certificates}</td>
            <td className={`${cellClass} tabular-nums`}>{c.placements}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDate(locale, c.createdAt)}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
