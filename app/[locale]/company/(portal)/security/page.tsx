import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PasswordChangeForm } from '@/components/company/password-change-form';
import { TotpSetup } from '@/components/company/totp-setup';
import { requireCompanyPage } from '@/lib/company-portal/page';

/** How the HR person signs in: SMS codes (default) or an authenticator app. */
export default async function CompanySecurityPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member } = await requireCompanyPage(locale, '/company/security');
  const t = await getTranslations('Company.security');
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      <p className="text-muted">{member.totp ? t('usingTotp') : t('usingSms')}</p>
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <TotpSetup enrolled={member.totp} />
      </section>
      <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="password-title">
        <h2 id="password-title" className="mb-3 text-lg font-semibold">
          {t('passwordTitle')}
        </h2>
        <PasswordChangeForm email={member.email} />
      </section>
    </div>
  );
}
