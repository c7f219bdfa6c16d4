import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { pickMessages } from '@/lib/i18n/pick';

// The cabinet's pages that are one client island loaded in the browser (/cabinet/homework, /study,
// /words, /chat, /library): a title and a heading from the island's namespace, the island with only
// the namespaces it reads (docs/architecture.md, "Translations and pages").

/** The page's title: `namespace`'s metaTitle, never indexed (signed-in pages). */
export async function islandPageMetadata(locale: Locale, namespace: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * The page: `namespace`'s title as its h1 (and its lead under it, with `lead`), then the island under a
 * provider of the `messages` namespaces alone. `narrow`: a narrower column (the word trainer's cards).
 */
export async function IslandPage({ locale, namespace, messages, lead = false, narrow = false, children }: { locale: Locale; namespace: string; messages: string[]; lead?: boolean; narrow?: boolean; children: ReactNode }) {
  const t = await getTranslations({ locale, namespace });
  return (
    <div className={`container-page ${narrow ? 'max-w-xl' : 'max-w-3xl'} py-8 md:py-14`}>
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      {lead ? <p className="mt-3 text-muted">{t('lead')}</p> : null}
      <div className="mt-6">
        <NextIntlClientProvider messages={pickMessages(await getMessages({ locale }), messages)}>{children}</NextIntlClientProvider>
      </div>
    </div>
  );
}
