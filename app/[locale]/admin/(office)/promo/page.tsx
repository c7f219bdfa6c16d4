import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PROMO_TONES } from '@/components/admin/promo/tones';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterInput, FilterSelect, adminButtonClass } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { listPromo } from '@/lib/promo/admin';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { PROMO_STATES, promoQuery } from '@/lib/validations/promo-admin';
import { pageParams } from '@/lib/validations/query';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Promo codes with their uses against the limit (scopes sales, admin; admins create and edit). */
export default async function PromoPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { staff } = await requireStaffPage(locale, 'sales', '/admin/promo');
  const f = pageParams(promoQuery, await searchParams);
  const t = await getTranslations('Admin');
  const tp = await getTranslations('StudTariffs.plans');
  const { rows, total } = await listPromo(await getDb(), f);
  const path = localePath(locale, '/admin/promo');
  const validity = (from: Date | null, until: Date | null) =>
    !from && !until ? t('promo.always') : `${from ? formatDate(locale, from) : '…'} — ${until ? formatDate(locale, until) : '…'}`;
  return (
    <>
      <PageHeader
        title={t('promo.title')}
        lead={t('promo.lead')}
        actions={
          staff.scopes.includes('admin') ? (
            <Link href={localePath(locale, '/admin/promo/new')} className={adminButtonClass}>
              {t('promo.new')}
            </Link>
          ) : undefined
        }
      />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('promo.filters') }}>
        <FilterInput id="f-q" name="q" type="search" label={t('promo.search')} value={f.q} wide />
        <FilterSelect id="f-state" name="state" label={t('promo.stateFilter')} value={f.state} allLabel={t('common.all')} options={PROMO_STATES.map((s) => [s, t(`promo.states.${s}`)])} />
      </FilterBar>
      <PagedTable
        caption={t('promo.caption')}
        head={[t('promo.code'), t('promo.percent'), t('promo.validity'), t('promo.uses'), t('promo.plans'), t('promo.campaign'), t('promo.state')]}
        shown={rows.length}
        empty={t('promo.empty')}
        pages={{ path, params: { q: f.q, state: f.state }, at: f, total }}
      >
        {rows.map((p) => (
          <tr key={p.id} data-testid={`promo-${p.code}`}>
            <td className={cellClass}>
              <Link href={localePath(locale, `/admin/promo/${p.id}`)} className="font-mono font-medium text-brand-dark hover:underline">
                {p.code}
              </Link>
            </td>
            <td className={`${cellClass} tabular-nums`}>−{p.percentOff}%</td>
            <td className={`${cellClass} whitespace-nowrap`}>{validity(p.validFrom, p.validUntil)}</td>
            <td className={`${cellClass} tabular-nums`} data-testid="promo-uses">
              {p.maxUses === null ? t('promo.usesUnlimited', { used: p.usedCount }) : t('promo.usesOf', { used: p.usedCount, max: p.maxUses })}
              {p.refused > 0 && <p className="text-xs text-muted">{t('promo.refused', { count: p.refused })}</p>}
            </td>
            <td className={cellClass}>{p.plans.length === 0 ? t('promo.plansAll') : p.plans.map((id) => tp(`${id as 'basic'}.name`)).join(', ')}</td>
            <td className={cellClass}>{p.campaign ?? t('common.none')}</td>
            <td className={cellClass} data-testid="promo-state">
              <Badge tone={PROMO_TONES[p.state]}>{t(`promo.states.${p.state}`)}</Badge>
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
