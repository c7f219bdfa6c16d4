import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { InvitationFlow, type InvitationText } from '@/components/quiz/invitation-flow';
import { getTestText } from '@/components/quiz/server-text';
import { prefixOf, Shell } from '@/components/quiz/test-pages';
import { companyFromParam } from '@/lib/quiz/company';

type Props = { params: Promise<{ locale: Locale; company: string }> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Tests.kazakh' });
  // A personal page: not for search engines, and no Referer carries anything from it.
  return { title: t('invite.title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** An employee's personal invitation to the company's Kazakh test (corporate portal). */
export default async function InvitationPage({ params }: Props) {
  const { locale, company } = await params;
  setRequestLocale(locale);
  const found = await companyFromParam(company);
  if (!found) notFound();
  const t = await getTranslations({ locale, namespace: 'Tests.kazakh' });
  const keys = ['checking', 'noToken', 'notFound', 'expired', 'loadFailed', 'whom', 'deadline', 'noIin', 'start', 'starting'] as const;
  const text = {
    ...Object.fromEntries(keys.map((k) => [k, t.raw(`invite.${k}`) as string])),
    consent: t('form.consent'),
    privacyPolicy: t('form.privacyPolicy'),
  } as InvitationText;
  const intro = (
    <div className="grid gap-5">
      <p className="max-w-3xl text-lg text-muted">{t('lead')}</p>
      <p className="font-medium">{t('company', { company: found.name })}</p>
      <p className="rounded-xl border border-sun/60 bg-sun/10 px-4 py-3 font-medium">{t('once')}</p>
      <p className="text-sm text-muted">{t('itemsLanguage')}</p>
    </div>
  );
  return (
    <Shell title={t('invite.title')}>
      <InvitationFlow text={text} testText={await getTestText(locale)} intro={intro} company={found.slug} page={`/kazakh-test/${found.slug}`} localePrefix={prefixOf(locale)} />
    </Shell>
  );
}
