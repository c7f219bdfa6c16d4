import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { IslandPage, islandPageMetadata } from '@/components/cabinet/island-page';
import { ChatHelpPage } from '@/components/chat-help/chat-help-page';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return islandPageMetadata((await params).locale, 'ChatHelp');
}

/** Tutor chat help (signed-in only): a student's questions and time, or a tutor's duty; loaded in the browser. */
export default async function ChatHelpRoute({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <IslandPage locale={locale} namespace="ChatHelp" messages={['ChatHelp']}>
      <ChatHelpPage />
    </IslandPage>
  );
}
