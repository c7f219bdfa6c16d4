import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { UnitPlayer } from '@/components/study/unit-player';
import { pickMessages } from '@/lib/i18n/pick';
import { SLUG_RE } from '@/lib/validations/study';

type Props = { params: Promise<{ locale: Locale; course: string; unit: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Study' });
  return { title: t('unitMetaTitle'), robots: { index: false, follow: false } };
}

/**
 * A unit of a course, a step at a time (signed-in only). The page carries no step: the player loads
 * the unit in the browser as publicStep, so no key is ever in its HTML or its RSC payload.
 */
export default async function UnitPage({ params }: Props) {
  const { locale, course, unit } = await params;
  if (!SLUG_RE.test(course) || !SLUG_RE.test(unit)) notFound();
  setRequestLocale(locale);
  return (
    <div className="container-page max-w-3xl py-6 md:py-12">
      <NextIntlClientProvider messages={pickMessages(await getMessages(), ['Study', 'Exercises', 'Homework'])}>
        <UnitPlayer slug={course} unitKey={unit} />
      </NextIntlClientProvider>
    </div>
  );
}
