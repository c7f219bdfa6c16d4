import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { textLink } from '@/components/landing/student/styles';
import { FeatureList } from '@/components/ui/feature-list';
import { buildMetadata } from '@/lib/seo';
import type { CompanyRef } from '@/lib/quiz/attempts';
import { getTestText } from './server-text';
import { TestFlow } from './test-flow';

export const prefixOf = (locale: Locale) => (locale === 'ru' ? '' : `/${locale}`);

export async function testMetadata(locale: Locale, kind: 'placement' | 'kazakh', company: CompanyRef | null): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: `Tests.${kind}` });
  const base = kind === 'placement' ? '/stud-test' : '/kazakh-test';
  const meta = buildMetadata(locale, company ? `${base}/${company.slug}` : base, t('metaTitle'), t('metaDescription'));
  // A company's page is for its employees, not for search engines.
  return company ? { ...meta, robots: { index: false, follow: false } } : meta;
}

function Facts({ items }: { items: string[] }) {
  return <FeatureList variant="facts" className="grid gap-3 sm:grid-cols-2" items={items.map((item) => ({ key: item, content: <span>{item}</span> }))} />;
}

export function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-page max-w-4xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** /stud-test and /stud-test/{company}: the English placement test. The Kazakh test's page is in
 * kazakh-test-page.tsx: a route carries the client code of every component its page modules import. */
export async function PlacementTestPage({ locale, company }: { locale: Locale; company: CompanyRef | null }) {
  const t = await getTranslations({ locale, namespace: 'Tests.placement' });
  const text = await getTestText(locale);
  const intro = (
    <div className="grid gap-5">
      <p className="max-w-3xl text-lg text-muted">{t('lead')}</p>
      {company && <p className="font-medium">{t('company', { company: company.name })}</p>}
      <Facts items={[t('facts.items'), t('facts.time'), t('facts.language'), t('facts.saved')]} />
      {!company && (
        <p>
          <Link href="/stud-quiz" className={textLink}>
            {t('quizLink')} →
          </Link>
        </p>
      )}
    </div>
  );
  return (
    <Shell title={t('title')}>
      <TestFlow
        kind="placement"
        company={company?.slug ?? null}
        text={text}
        intro={intro}
        startLabel={t('start')}
        page={company ? `/stud-test/${company.slug}` : '/stud-test'}
        localePrefix={prefixOf(locale)}
      />
    </Shell>
  );
}
