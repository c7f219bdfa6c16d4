import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/db/client';
import { portalHome } from '@/lib/company-portal/home';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { PortalPageHeader } from '@/components/company/page-header';
import { PortalCard } from '@/components/company/card';

/** The portal's first page: whose portal this is, and the company's test links to send to its people. */
export default async function CompanyHomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member } = await requireCompanyPage(locale, '/company');
  const home = await portalHome(await getDb(), member.companyId);
  if (!home) notFound();
  const t = await getTranslations('Company.home');
  return (
    <div className="space-y-6">
      <PortalPageHeader title={home.name} intro={t('hello', { name: member.name })} />
      <PortalCard id="links-title" title={t('linksTitle')}>
        <p className="mt-1 text-sm text-muted">{t('linksIntro')}</p>
        <dl className="mt-4 space-y-4">
          {home.links.map((l) => (
            <div key={l.locale}>
              <dt className="text-sm font-medium">{t(`lang.${l.locale}`)}</dt>
              <dd className="mt-1 space-y-1 text-sm">
                <p>
                  <span className="text-muted">{t('kazakh')}: </span>
                  <a href={l.kazakh} className="break-all text-brand-dark underline underline-offset-2">
                    {l.kazakh}
                  </a>
                </p>
                <p>
                  <span className="text-muted">{t('placement')}: </span>
                  <a href={l.placement} className="break-all text-brand-dark underline underline-offset-2">
                    {l.placement}
                  </a>
                </p>
              </dd>
            </div>
          ))}
        </dl>
      </PortalCard>
    </div>
  );
}
