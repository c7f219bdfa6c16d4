'use client';

import { useTranslations } from 'next-intl';

// The language of a word's translation (the tutor picks it in the room): shown in the room, the
// lesson's record and the cabinet's dictionary. A module of its own: the cabinet takes this, not the room's panel.
export type TranslationLang = 'ru' | 'kk' | 'en';
export const TRANSLATION_LANGS: TranslationLang[] = ['ru', 'kk', 'en'];

const SUBJECT_LANG: Record<string, TranslationLang> = { english: 'en', kazakh: 'kk', russian: 'ru' };

/** The translation's language offered first: the page's, unless that is the language being learnt (then Russian, or Kazakh in a Russian lesson). */
export function translationLangFor(subject: string, locale: string): TranslationLang {
  const learnt = SUBJECT_LANG[subject];
  const page = (TRANSLATION_LANGS as string[]).includes(locale) ? (locale as TranslationLang) : 'ru';
  if (page !== learnt) return page;
  return learnt === 'ru' ? 'kk' : 'ru';
}

/** "— translation (language)": the language said when the tutor gave it. */
export function Translation({ text, lang }: { text: string; lang: TranslationLang | null }) {
  const tl = useTranslations('TranslationLangs');
  return (
    <>
      {' '}
      — {text}
      {lang ? (
        <>
          {' '}
          <span className="text-xs opacity-75">({tl(lang)})</span>
        </>
      ) : null}
    </>
  );
}

