import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { StaffSignInForm } from '@/components/admin/sign-in-form';
import { safeRedirect } from '@/lib/auth/redirect';
import { localePath } from '@/lib/seo';
import { currentStaff } from '@/lib/staff/page';
import { AuthCard } from '@/components/ui/auth-card';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ next?: string }> };

/** Staff sign-in: e-mail, password, code. A signed-in member goes straight on. */
export default async function StaffSignInPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { next } = await searchParams;
  const home = localePath(locale, '/admin');
  const target = next && safeRedirect(next, home).startsWith(home) ? safeRedirect(next, home) : home;
  if (await currentStaff()) redirect(target);
  const t = await getTranslations('Admin.signIn');
  return (
    <AuthCard title={t('title')}>
      <StaffSignInForm target={target} />
    </AuthCard>
  );
}
