import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { RecordLoader } from '@/components/lesson-room/record-loader';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale; id: string }> };

// Per request: a lesson's record is for its two people only, never cached or indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Record' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * A lesson's record after it (issue 23), from either cabinet: the tutor's report (the tutor files
 * it here), the chat with its times, the notes, the words and the board, read-only. Who may see it
 * is decided by GET /api/lessons/{id}/record once the browser has restored its session; the board's
 * code loads only when it is opened, and only on this page.
 */
export default async function LessonRecordPage({ params }: Props) {
  const { locale, id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  setRequestLocale(locale);
  const messages = await getMessages();
  // The skills' names live with the cabinet's progress chart (one home); only that part comes along.
  const progress = (messages.Cabinet as { progress: AbstractIntlMessages }).progress;
  return (
    <NextIntlClientProvider messages={{ ...pickMessages(messages, ['Record', 'Validation', 'TranslationLangs', 'Homework']), Cabinet: { progress } }}>
      <main id="main" className="min-h-dvh bg-white text-slate-900">
        <RecordLoader lessonId={Number(id)} />
      </main>
    </NextIntlClientProvider>
  );
}
