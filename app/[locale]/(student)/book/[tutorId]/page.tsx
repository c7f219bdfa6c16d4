import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { SlotPicker } from '@/components/booking/slot-picker';
import { getDb } from '@/lib/db/client';
import { pickMessages } from '@/lib/i18n/pick';
import { bookableTutor } from '@/lib/lessons/availability';

type Props = { params: Promise<{ locale: Locale; tutorId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Booking a trial: /book/{tutorId}, linked from the tutor's public page and catalogue card (which
// stay script-free) with `?slot=` preselected. Dynamic (the slots are live), never indexed.
export const dynamic = 'force-dynamic';

async function tutorOf(raw: string) {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? bookableTutor(await getDb(), id) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Booking' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

export default async function BookPage({ params, searchParams }: Props) {
  const { locale, tutorId } = await params;
  // A slot chosen on the tutor's page or card (`?slot=` an ISO instant): preselected when still free.
  const rawSlot = (await searchParams).slot;
  const slot = typeof rawSlot === 'string' && !Number.isNaN(Date.parse(rawSlot)) ? new Date(rawSlot).toISOString() : undefined;
  setRequestLocale(locale);
  const tutor = await tutorOf(tutorId);
  if (!tutor) notFound();
  const t = await getTranslations('Booking');
  const messages = pickMessages(await getMessages(), ['Booking']);
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title', { name: `${tutor.name} ${tutor.lastname}`.trim() })}</h1>
      <p className="mt-3 text-base text-muted">{t('intro')}</p>
      <div className="mt-8">
        <NextIntlClientProvider messages={messages}>
          <SlotPicker tutorId={tutor.id} initialSlot={slot} />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
