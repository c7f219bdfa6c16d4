'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { TRANSLATION_LANGS, Translation, type TranslationLang } from './translation';
import { roomButton } from './types';

export interface Word {
  seq: number;
  word: string;
  translation: string;
  lang: TranslationLang | null;
}

/** The lesson's words: the tutor adds them (with a translation); the student sees them appear. */
export function WordsPanel({ words, tutor, send, defaultLang }: { words: Word[]; tutor: boolean; send: (word: string, translation: string, lang: TranslationLang) => Promise<void>; defaultLang: TranslationLang }) {
  const t = useTranslations('Room');
  const tl = useTranslations('TranslationLangs');
  const ids = { word: useId(), tr: useId(), lang: useId() };
  const [word, setWord] = useState('');
  const [translation, setTranslation] = useState('');
  const [lang, setLang] = useState<TranslationLang>(defaultLang);
  const [busy, setBusy] = useState(false);

  return (
    <div className="flex flex-1 flex-col gap-3">
      {!tutor ? <p className="text-sm text-slate-300">{t('words.hint')}</p> : null}
      <ul className="flex flex-col gap-1" aria-live="polite" data-testid="words">
        {words.length === 0 ? <li className="text-sm text-slate-400">{t('words.empty')}</li> : null}
        {words.map((w) => (
          <li key={w.seq} className="rounded-lg bg-slate-800 px-3 py-2 text-sm">
            <span className="font-semibold">{w.word}</span>
            <Translation text={w.translation} lang={w.lang} />
          </li>
        ))}
      </ul>
      {tutor ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!word.trim() || !translation.trim()) return;
            setBusy(true);
            void send(word.trim(), translation.trim(), lang)
              .then(() => {
                setWord('');
                setTranslation('');
              })
              .finally(() => setBusy(false));
          }}
        >
          <label htmlFor={ids.word} className="text-sm">
            {t('words.word')}
          </label>
          <input id={ids.word} value={word} maxLength={200} onChange={(e) => setWord(e.target.value)} className="min-h-11 rounded-lg bg-slate-800 px-3 text-slate-50" />
          <label htmlFor={ids.tr} className="text-sm">
            {t('words.translation')}
          </label>
          <input id={ids.tr} value={translation} maxLength={200} onChange={(e) => setTranslation(e.target.value)} className="min-h-11 rounded-lg bg-slate-800 px-3 text-slate-50" />
          <label htmlFor={ids.lang} className="text-sm">
            {t('words.lang')}
          </label>
          <select id={ids.lang} value={lang} onChange={(e) => setLang(e.target.value as TranslationLang)} className="min-h-11 rounded-lg bg-slate-800 px-3 text-slate-50">
            {TRANSLATION_LANGS.map((l) => (
              <option key={l} value={l}>
                {tl(l)}
              </option>
            ))}
          </select>
          <button type="submit" className={`${roomButton} bg-sky-500 text-slate-950`} disabled={busy || !word.trim() || !translation.trim()}>
            {t('words.add')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
