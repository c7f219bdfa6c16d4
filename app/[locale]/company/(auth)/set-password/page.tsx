import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { SetPasswordForm } from '@/components/company/set-password-form';

/** The single-use link's page: the token is in the URL's fragment and is read in the browser. */
export default async function SetPasswordPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Company.setPassword');
  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <div className="mt-4">
          <SetPasswordForm />
        </div>
      </div>
    </main>
  );
}
