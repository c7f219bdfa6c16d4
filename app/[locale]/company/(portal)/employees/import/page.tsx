import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { RosterImport } from '@/components/company/roster-import';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { PortalCard } from '@/components/company/card';

/** Import the roster from a file: the template, the legal basis, the file and its preview. */
export default async function RosterImportPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireCompanyPage(locale, '/company/employees/import');
  const t = await getTranslations('Company.import');
  return (
    <div className="max-w-3xl space-y-6">
      <p className="text-sm">
        <Link href="/company/employees" className="text-brand-dark hover:underline">
          {t('back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      <PortalCard id="how-title" title={t('howTitle')} className="space-y-2">
        <p className="text-sm">{t('howText')}</p>
        <p className="text-sm">{t('zeroText')}</p>
        <a href={`/api/company/roster/template?lang=${locale}`} download className="inline-block text-sm font-medium text-brand-dark underline underline-offset-2">
          {t('template')}
        </a>
      </PortalCard>
      <PortalCard id="basis-title" title={t('basisTitle')} className="space-y-2" look="caution">
        <p className="text-sm">{t('basisText')}</p>
      </PortalCard>
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <RosterImport />
      </section>
    </div>
  );
}
