'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRequireAuth } from '@/components/auth/require-auth';
import { primaryClass } from '@/components/ui/button-classes';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';
import { Link } from '@/i18n/navigation';
import { normaliseTyped } from '@/lib/library/check';
import type { WordRating } from '@/lib/validations/library-rules';
import { loadApi, messageOf, type Streak, type TrainerWord } from './study-api';

const RATINGS: WordRating[] = ['again', 'hard', 'good', 'easy'];
const RATING_LOOK: Record<WordRating, string> = {
  again: 'border-danger text-danger',
  hard: 'border-sun text-ink',
  good: 'border-mint text-ink',
  easy: 'border-brand-dark text-brand-dark',
};

type Mode = 'recall' | 'typing';

/**
 * The word trainer over the student's own dictionary: the words due (FSRS), one card at a time.
 * Recall: the word, then its translation, then how well it was remembered. Typing: the translation,
 * the word typed and checked (normaliseTyped: case, spaces, ё, apostrophes; Kazakh letters count),
 * then the rating. The streak of days with a review.
 */
export function WordTrainer() {
  const t = useTranslations('Study.trainer');
  const ts = useTranslations('Study');
  const { signedIn } = useRequireAuth();
  const [data, setData] = useState<{ words: TrainerWord[]; due: number; streak: Streak } | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<Mode>('recall');
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedRight, setTypedRight] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reviewed, setReviewed] = useState(0);
  const inputId = useId();
  const cardHeading = useRef<HTMLParagraphElement>(null);
  const slow = useDelayedFlag(signedIn && !data && !failed);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadApi()
      .then((api) => api.get<{ words: TrainerWord[]; due: number; streak: Streak }>('/api/cabinet/trainer'))
      .then(
        (res) => live && setData(res.data),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const word = data?.words[index];

  function nextCard() {
    setIndex((i) => i + 1);
    setRevealed(false);
    setTyped('');
    setTypedRight(null);
    cardHeading.current?.focus();
  }

  async function rate(rating: WordRating) {
    if (!word) return;
    setPending(true);
    setError(null);
    try {
      const api = await loadApi();
      const { data: answer } = await api.post<{ due: string; streak: Streak }>('/api/cabinet/trainer/reviews', { wordId: word.id, rating });
      setData((d) => (d ? { ...d, streak: answer.streak } : d));
      setReviewed((n) => n + 1);
      nextCard();
    } catch (err) {
      setError(messageOf(err, ts('answerFailed')));
    } finally {
      setPending(false);
    }
  }

  if (failed) return <p role="alert" className="text-danger">{ts('loadFailed')}</p>;
  if (!data) return slow ? <p role="status" className="text-muted">{ts('loading')}</p> : null;
  const streak = data.streak.days ? ts('streak', { count: data.streak.days }) : ts('noStreak');
  const shown = revealed || typedRight !== null;
  return (
    <div className="flex flex-col gap-5" data-testid="word-trainer">
      <p className="text-sm" data-testid="streak">
        {streak}
      </p>
      {!data.words.length ? (
        <div className="rounded-2xl border border-line bg-white p-5">
          <p className="font-medium">{t('emptyTitle')}</p>
          <p className="mt-2 text-sm">{t('emptyText')}</p>
          <Link href="/cabinet/study" className="mt-3 inline-block font-medium text-brand-dark underline">
            {t('toStudy')}
          </Link>
        </div>
      ) : !word ? (
        <div role="status" className="rounded-2xl border border-line bg-white p-5">
          <p className="font-medium">{t('doneTitle', { count: reviewed })}</p>
          <p className="mt-2 text-sm">{t('doneText')}</p>
          <Link href="/cabinet/study" className="mt-3 inline-block font-medium text-brand-dark underline">
            {t('toStudy')}
          </Link>
        </div>
      ) : (
        <>
          <fieldset className="flex flex-wrap gap-3">
            <legend className="mb-1 text-sm text-muted">{t('mode')}</legend>
            {(['recall', 'typing'] as const).map((m) => (
              <label key={m} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line px-3">
                <input type="radio" name="trainer-mode" checked={mode === m} onChange={() => setMode(m)} disabled={shown} className="size-5" />
                {t(`modes.${m}`)}
              </label>
            ))}
          </fieldset>
          <section aria-labelledby="trainer-card" className="rounded-2xl border border-line bg-white p-5 text-center" data-testid="word-card">
            <p id="trainer-card" ref={cardHeading} tabIndex={-1} className="text-sm text-muted outline-none">
              {t('progress', { n: index + 1, count: data.words.length })}
            </p>
            {mode === 'recall' ? (
              <>
                <p className="mt-3 text-3xl font-bold break-words" data-testid="word">
                  {word.word}
                </p>
                {revealed ? (
                  <p className="mt-3 text-xl" data-testid="translation">
                    {word.translation}
                  </p>
                ) : (
                  <button type="button" onClick={() => setRevealed(true)} className={`${primaryClass} mt-5 min-h-12 w-full sm:w-auto`}>
                    {t('reveal')}
                  </button>
                )}
              </>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (typedRight === null && typed.trim()) setTypedRight(normaliseTyped(typed) === normaliseTyped(word.word));
                }}
              >
                <p className="mt-3 text-2xl font-bold break-words" data-testid="translation">
                  {word.translation}
                </p>
                <label htmlFor={inputId} className="mt-4 block text-sm text-muted">
                  {t('typeWord')}
                </label>
                <input
                  id={inputId}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  disabled={typedRight !== null}
                  autoCapitalize="none"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={200}
                  aria-invalid={typedRight === false || undefined}
                  className="mt-1 min-h-12 w-full rounded-lg border border-line px-3 text-center text-lg"
                />
                {typedRight === null ? (
                  <button type="submit" disabled={!typed.trim()} className={`${primaryClass} mt-4 min-h-12 w-full disabled:opacity-60 sm:w-auto`}>
                    {t('checkTyped')}
                  </button>
                ) : null}
                <div role="status" aria-live="polite">
                  {typedRight !== null ? (
                    <p className={`mt-3 font-semibold ${typedRight ? 'text-[#0b5e4c]' : 'text-danger'}`}>
                      {typedRight ? t('typedRight') : t('typedWrong', { word: word.word })}
                    </p>
                  ) : null}
                </div>
              </form>
            )}
            {shown ? (
              <div className="mt-5">
                <p className="text-sm">{t('howWell')}</p>
                <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {RATINGS.map((r) => (
                    <button
                      key={r}
                      type="button"
                      disabled={pending}
                      aria-busy={pending || undefined}
                      onClick={() => void rate(r)}
                      className={`min-h-12 rounded-xl border-2 bg-white px-3 font-medium disabled:opacity-60 ${RATING_LOOK[r]} ${typedRight !== null && (typedRight ? r === 'good' : r === 'again') ? 'ring-2 ring-brand' : ''}`}
                    >
                      {t(`ratings.${r}`)}
                    </button>
                  ))}
                </div>
              </div>
            ) : null}
            {error ? (
              <p role="alert" className="mt-3 text-sm text-danger">
                {error}
              </p>
            ) : null}
          </section>
          <p className="text-sm text-muted">{t('dueCount', { count: data.due })}</p>
        </>
      )}
    </div>
  );
}
