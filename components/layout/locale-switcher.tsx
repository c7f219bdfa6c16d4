'use client';

import { useTransition } from 'react';
import { useLocale, usePathname, useRouter } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';
import { useDisclosure } from '@/components/ui/use-disclosure';

/** Strings come from the server (no message formatting in the browser for the chrome). */
export interface LocaleLabels {
  label: string;
  current: string;
  names: Record<Locale, string>;
}

export function useSwitchLocale() {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  function switchTo(next: Locale) {
    // The page, query and hash are kept; the router remembers the choice for a year (the locale
    // cookie, i18n/navigation.tsx).
    const href = `${pathname}${window.location.search}${window.location.hash}`;
    startTransition(() => router.replace(href, { locale: next, scroll: false }));
  }
  return { switchTo, pending };
}

export function LocaleSwitcher({ labels }: { labels: LocaleLabels }) {
  const locale = useLocale() as Locale;
  const { switchTo } = useSwitchLocale();
  const { open, close, triggerProps, panelProps } = useDisclosure<HTMLButtonElement, HTMLUListElement>({ initialFocus: '[aria-current="true"]' });

  return (
    <div className="relative">
      <button
        {...triggerProps}
        type="button"
        // The visible code ("KK") is part of the name too (WCAG 2.5.3, label in name), so a
        // voice-control user can say what they see.
        aria-label={`${labels.current} (${locale.toUpperCase()})`}
        className="flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-ink transition-colors duration-150 hover:bg-brand-tint"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span>{locale.toUpperCase()}</span>
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className={`transition-transform duration-150 ${open ? 'rotate-180' : ''}`}>
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open && (
        <ul {...panelProps} aria-label={labels.label} className="absolute right-0 z-40 mt-2 w-40 overflow-hidden rounded-xl border border-line bg-white py-1 shadow-lg">
          {routing.locales.map((l) => (
            <li key={l}>
              <button
                type="button"
                lang={l}
                aria-current={l === locale ? 'true' : undefined}
                onClick={() => {
                  close();
                  if (l !== locale) switchTo(l);
                }}
                className={`block w-full px-4 py-2.5 text-left text-sm hover:bg-brand-tint focus-visible:bg-brand-tint ${
                  l === locale ? 'font-semibold text-brand-dark' : 'text-ink'
                }`}
              >
                {labels.names[l]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Flat list of the three languages, for the mobile menu. */
export function LocaleList({ labels, onSwitch }: { labels: LocaleLabels; onSwitch?: () => void }) {
  const locale = useLocale() as Locale;
  const { switchTo } = useSwitchLocale();
  return (
    <div role="group" aria-label={labels.label} className="flex gap-2">
      {routing.locales.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => {
            onSwitch?.();
            if (l !== locale) switchTo(l);
          }}
          className={`rounded-lg border px-3 py-2 text-sm ${l === locale ? 'border-brand-dark bg-brand-dark text-white' : 'border-line text-ink'}`}
        >
          {labels.names[l]}
        </button>
      ))}
    </div>
  );
}
