import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CompanySignInForm } from '@/components/company/sign-in-form';
import { safeRedirect } from '@/lib/auth/redirect';
import { currentCompanyMember } from '@/lib/company-portal/page';
import { localePath } from '@/lib/seo';
import { AuthCard } from '@/components/ui/auth-card';

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
    <AuthCard
      title={t('title')}
      intro={t('intro')}
      footer={
        <p className="mt-4 text-sm">
          <Link href={localePath(locale, '/company/forgot-password')} className="font-medium text-brand-dark hover:underline">
            {t('forgot')}
          </Link>
        </p>
      }
    >
      <CompanySignInForm target={target} />
    </AuthCard>
  );
}
