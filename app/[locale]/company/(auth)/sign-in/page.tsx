import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CompanySignInForm } from '@/components/company/sign-in-form';
import { safeRedirect } from '@/lib/auth/redirect';
import { currentCompanyMember } from '@/lib/company-portal/page';
import { localePath } from '@/lib/seo';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ next?: string }> };

/** HR sign-in: e-mail and password, then the SMS (or app) code. A signed-in person goes straight on. */
export default async function CompanySignInPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { next } = await searchParams;
  const home = localePath(locale, '/company');
  const target = next && safeRedirect(next, home).startsWith(home) ? safeRedirect(next, home) : home;
  if (await currentCompanyMember()) redirect(target);
  const t = await getTranslations('Company.signIn');
  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('intro')}</p>
        <div className="mt-6">
          <CompanySignInForm target={target} />
        </div>
        <p className="mt-4 text-sm">
          <Link href={localePath(locale, '/company/forgot-password')} className="font-medium text-brand-dark hover:underline">
            {t('forgot')}
          </Link>
        </p>
      </div>
    </main>
  );
}
