'use client';

import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { primaryClass } from '@/components/ui/button-classes';
import type { CheckResult, Localized } from './types';
import { pick, pictureSrc } from './types';

/** The instruction in the student's language, as the exercise's heading. */
export function Prompt({ text, id }: { text: Localized; id: string }) {
  const locale = useLocale();
  return (
    <p id={id} className="font-medium">
      {pick(text, locale)}
    </p>
  );
}

/** The answer button: disabled while the server checks, with a busy state screen readers hear. */
export function CheckButton({ pending, disabled, label }: { pending: boolean; disabled?: boolean; label?: string }) {
  const t = useTranslations('Exercises');
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={`${primaryClass} mt-4 inline-flex min-h-12 w-full items-center justify-center gap-2 disabled:opacity-60 sm:w-auto`}
    >
      {pending ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
      {pending ? t('checking') : (label ?? t('check'))}
    </button>
  );
}

/**
 * The server's verdict, announced (role="status"), with the key it returned when the answer was
 * wrong; with `showKey` (an author's preview) the key alone, as the key.
 */
export function Verdict({ verdict, keyText, showKey = false, tutorChecks = true }: { verdict: CheckResult | null; keyText?: ReactNode; showKey?: boolean; tutorChecks?: boolean }) {
  const t = useTranslations('Exercises');
  if (showKey) {
    return verdict?.checkedBy === 'server' && keyText ? (
      <p className="mt-3 rounded-lg bg-brand-tint p-3 text-sm" data-testid="verdict">
        {t('key')} <span className="font-semibold">{keyText}</span>
      </p>
    ) : null;
  }
  return (
    <div role="status" aria-live="polite" className="mt-3 empty:hidden" data-testid="verdict">
      {verdict?.checkedBy === 'tutor' ? <p className="rounded-lg bg-brand-tint p-3 text-sm">{t(tutorChecks ? 'sentToTutor' : 'savedSelf')}</p> : null}
      {verdict?.checkedBy === 'server' ? (
        <div className={`rounded-lg p-3 text-sm ${verdict.correct ? 'bg-[#e7f8f3] text-[#0b5e4c]' : 'bg-[#fdecec] text-danger'}`}>
          <p className="font-semibold" data-verdict={verdict.correct ? 'right' : 'wrong'}>
            {verdict.correct ? t('right') : t('wrong')}
          </p>
          {!verdict.correct && keyText ? (
            <p className="mt-1 text-ink">
              {t('key')} <span className="font-semibold">{keyText}</span>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A media-store file's player (a unit's audio); a note when the host has no address for it. */
export function AudioPlayer({ name, src, label }: { name: string; src?: (name: string) => string | undefined; label: string }) {
  const t = useTranslations('Exercises');
  const url = src?.(name);
  if (!url) return <p className="text-sm text-muted">{t('audioMissing')}</p>;
  return <audio controls preload="none" src={url} aria-label={label} className="mt-2 w-full" />;
}

/**
 * A text's or a grammar note's picture, described in the student's language for those who cannot
 * see it (`alt=""` when the author gave no description: it only decorates). Never wider than its
 * column (a 360 px phone), never taller than 20rem, its proportions kept; fetched when near the view.
 */
export function StepPicture({ name, alt }: { name: string; alt?: Localized }) {
  const locale = useLocale();
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a media-store picture of unknown size (re-encoded WebP, at most 1200 px wide)
    <img
      src={pictureSrc(name)}
      alt={alt ? pick(alt, locale) : ''}
      loading="lazy"
      decoding="async"
      className="h-auto max-h-80 w-auto max-w-full self-start rounded-lg"
      data-testid="step-picture"
    />
  );
}
