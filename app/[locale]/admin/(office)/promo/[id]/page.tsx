import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PromoActiveToggle } from '@/components/admin/promo/active-toggle';
import { PromoForm } from '@/components/admin/promo/promo-form';
import { PROMO_TONES } from '@/components/admin/promo/tones';
import { almatyDay, formatDate, formatDateTime } from '@/components/admin/ui/format';
import { Facts, Section } from '@/components/admin/ui/section';
import { BackLink, Badge, PageHeader } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { getPromo } from '@/lib/promo/admin';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { PLAN_IDS } from '@/lib/validations/lead';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/** One promo code: its figures; admins edit or deactivate it, sales read. */
export default async function PromoCodePage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const { staff } = await requireStaffPage(locale, 'sales', `/admin/promo/${rawId}`);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const promo = id ? await getPromo(await getDb(), id) : null;
  if (!promo) notFound();
  const t = await getTranslations('Admin.promo');
  const tp = await getTranslations('StudTariffs.plans');
  const isAdmin = staff.scopes.includes('admin');
  const planNames = Object.fromEntries(PLAN_IDS.map((p) => [p, tp(`${p}.name`)]));
  return (
    <>
      <BackLink href={localePath(locale, '/admin/promo')}>{t('back')}</BackLink>
      <PageHeader
        title={t('editTitle', { code: promo.code })}
        actions={
          <>
            <span data-testid="promo-state">
              <Badge tone={PROMO_TONES[promo.state]}>{t(`states.${promo.state}`)}</Badge>
            </span>
            {isAdmin && <PromoActiveToggle id={promo.id} active={promo.active} labels={{ activate: t('activate'), deactivate: t('deactivate') }} />}
          </>
        }
      />
      <Facts
        items={[
          { label: t('percent'), value: `−${promo.percentOff}%` },
          { label: t('uses'), value: promo.maxUses === null ? t('usesUnlimited', { used: promo.usedCount }) : t('usesOf', { used: promo.usedCount, max: promo.maxUses }) },
          { label: t('validity'), value: !promo.validFrom && !promo.validUntil ? t('always') : `${formatDate(locale, promo.validFrom)} — ${formatDate(locale, promo.validUntil)}` },
          { label: t('plans'), value: promo.plans.length ? promo.plans.map((p) => planNames[p] ?? p).join(', ') : t('plansAll') },
          { label: t('campaign'), value: promo.campaign ?? '—' },
          { label: t('created'), value: formatDateTime(locale, promo.createdAt) },
        ]}
      />
      <Section id="edit" title={t('edit')}>
        {isAdmin ? (
          <PromoForm
            planNames={planNames}
            promo={{
              id: promo.id,
              code: promo.code,
              percentOff: promo.percentOff,
              validFrom: promo.validFrom ? almatyDay(promo.validFrom) : null,
              validUntil: promo.validUntil ? almatyDay(promo.validUntil) : null,
              maxUses: promo.maxUses,
              plans: promo.plans,
              campaign: promo.campaign,
              active: promo.active,
            }}
          />
        ) : (
          <p className="text-sm text-muted">{t('readOnly')}</p>
        )}
      </Section>
    </>
  );
}
