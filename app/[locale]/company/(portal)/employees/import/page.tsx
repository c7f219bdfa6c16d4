import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { RosterImport } from '@/components/company/roster-import';
import { requireCompanyPage } from '@/lib/company-portal/page';

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
      <section aria-labelledby="how-title" className="space-y-2 rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="how-title" className="text-lg font-semibold">
          {t('howTitle')}
        </h2>
        <p className="text-sm">{t('howText')}</p>
        <p className="text-sm">{t('zeroText')}</p>
        <a href={`/api/company/roster/template?lang=${locale}`} download className="inline-block text-sm font-medium text-brand-dark underline underline-offset-2">
          {t('template')}
        </a>
      </section>
      <section aria-labelledby="basis-title" className="space-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-5">
        <h2 id="basis-title" className="text-lg font-semibold">
          {t('basisTitle')}
        </h2>
        <p className="text-sm">{t('basisText')}</p>
      </section>
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <RosterImport />
      </section>
    </div>
  );
}
