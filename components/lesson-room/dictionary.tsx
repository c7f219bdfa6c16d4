'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import { useApiGet } from '@/lib/browser/api/use-api-get';
import { schoolLongDate } from '@/lib/time/school-clock';
import { Translation, type TranslationLang } from './translation';

interface DictionaryWord {
  id: number;
  word: string;
  translation: string;
  lang: TranslationLang | null;
  lesson: { id: number; startsAt: string; subject: string; tutor: string } | null;
  /** A library unit's word: its course (the study page's address and title). */
  unit: { course: string; key: string; courseTitle: { ru: string; kk: string; en: string } } | null;
}

/** The cabinet's dictionary: every word from the student's lessons and library units, searchable, with where it came from. Nothing for a tutor. */
export function CabinetDictionary() {
  const t = useTranslations('Cabinet.dictionary');
  const locale = useLocale();
  const searchId = useId();
  const { token } = useAuthState();
  const [q, setQ] = useState('');
  const { data, failed } = useApiGet<{ student: boolean; words: DictionaryWord[] }>(token ? '/api/cabinet/words' : null, { params: { q: q.trim() }, delayMs: q ? 250 : 0 });

  if (data && !data.student) return null;
  return (
    <section id="cabinet-dictionary" aria-labelledby="cabinet-dictionary-title" className="mt-8 rounded-2xl border border-line p-5" data-testid="dictionary">
      <h2 id="cabinet-dictionary-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <label htmlFor={searchId} className="mt-3 block text-sm text-muted">
        {t('search')}
      </label>
      <input id={searchId} type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} className="mt-1 min-h-11 w-full rounded-lg border border-line px-3" />
      {failed ? <p role="alert" className="mt-3 text-sm text-danger">{t('loadFailed')}</p> : null}
      {data && data.words.length === 0 ? <p className="mt-3 text-sm text-muted">{q ? t('nothingFound') : t('empty')}</p> : null}
      <ul className="mt-3 flex flex-col divide-y divide-line" aria-live="polite">
        {data?.words.map((w) => (
          <li key={w.id} className="py-2">
            <p>
              <span className="font-semibold">{w.word}</span>
              <Translation text={w.translation} lang={w.lang} />
            </p>
            {w.lesson ? <p className="text-xs text-muted">{t('fromLesson', { date: schoolLongDate(w.lesson.startsAt, locale), tutor: w.lesson.tutor })}</p> : null}
            {w.unit ? <p className="text-xs text-muted">{t('fromCourse', { course: w.unit.courseTitle[locale as 'ru' | 'kk' | 'en'] ?? w.unit.courseTitle.ru })}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
