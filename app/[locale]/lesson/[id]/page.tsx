import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { RoomLoader } from '@/components/lesson-room/room-loader';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale; id: string }> };

// Per request: the room is for two people only, never cached or indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Room' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * The lesson room (issue 23). Who may enter is decided by GET /api/lessons/{id}/room once the
 * browser has restored its session (the access token lives in memory only): anybody but the
 * lesson's two sides gets the refusal view, never the room. The room's code loads only here.
 */
export default async function LessonRoomPage({ params }: Props) {
  const { locale, id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  setRequestLocale(locale);
  const messages = await getMessages();
  // The board's library writes a page in the student's language, whatever the tutor's: every language's few words.
  const boardPage = Object.fromEntries(await Promise.all(routing.locales.map(async (l) => [l, (await getMessages({ locale: l })).BoardPage] as const)));
  return (
    <NextIntlClientProvider messages={{ ...pickMessages(messages, ['Room', 'TranslationLangs', 'Homework']), BoardPageLangs: boardPage }}>
      <main id="main" className="min-h-dvh bg-slate-900 text-slate-50">
        <RoomLoader lessonId={Number(id)} />
      </main>
    </NextIntlClientProvider>
  );
}
