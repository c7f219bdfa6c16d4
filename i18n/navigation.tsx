'use client';

import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { createContext, forwardRef, useContext, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import type { AbstractIntlMessages } from 'next-intl';
import { routing, type Locale } from './routing';

/**
 * Locale-aware navigation without next-intl's client runtime. next-intl's Link and hooks read the
 * locale from NextIntlClientProvider, which brings use-intl and the ICU message formatter
 * (intl-messageformat) into every page; here the locale comes from a plain context set by the
 * document (components/layout/locale-document.tsx). Same URLs as next-intl's `as-needed` prefix:
 * no prefix for Russian, /kk and /en otherwise; a link or navigation that changes the locale
 * always carries the prefix and stores the choice in the locale cookie, as next-intl does.
 */

interface LocaleContextValue {
  locale: Locale;
  /** Messages of the few islands that format in the browser (the lead form), by namespace. */
  messages?: AbstractIntlMessages;
}

const LocaleContext = createContext<LocaleContextValue>({ locale: routing.defaultLocale });

export function LocaleProvider({ locale, messages, children }: LocaleContextValue & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** The locale of the page (Russian outside a LocaleProvider). */
export function useLocale(): Locale {
  return useContext(LocaleContext).locale;
}

/** The island messages the document passed down, if any. */
export function useIslandMessages(): AbstractIntlMessages | undefined {
  return useContext(LocaleContext).messages;
}

/** "/student" in a locale: unchanged for Russian (unless forced), "/kk/student", "/kk" for "/". */
export function localizePath(path: string, locale: Locale, forcePrefix = false): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path; // external, relative, #hash, mailto:
  if (locale === routing.defaultLocale && !forcePrefix) return path;
  return path === '/' || /^\/[?#]/.test(path) ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}

/** The visitor's choice of language, for a year (`Secure` on https); a few lines instead of js-cookie on every page. */
function rememberLocale(locale: Locale) {
  const { name, maxAge, sameSite } = routing.localeCookie as { name: string; maxAge: number; sameSite: string };
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=${sameSite}${location.protocol === 'https:' ? '; secure' : ''}`;
}

/** Spec: no prefetch on 2g or with data saver on (Network Information API; absent means go ahead). */
export function prefetchAllowed(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!connection) return true;
  return !connection.saveData && connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

// The loading bar's switch, for link clicks and for navigations that are not link clicks
// (router.push/replace: sign-in, wizards, the language switch). components/layout/navigation-progress.tsx
// registers the bar; it stops itself when the new path renders.
let startBar: (() => void) | undefined;

export function registerNavigationProgress(start: () => void): () => void {
  startBar = start;
  return () => {
    if (startBar === start) startBar = undefined;
  };
}

/**
 * Starts the bar for a navigation to `href`, when it goes to another page of this site: not when
 * it stays on this path (nothing would stop the bar), leaves the site or opens a file.
 */
export function startNavigationProgress(href: string) {
  try {
    const url = new URL(href, location.href);
    if (url.origin === location.origin && url.pathname !== location.pathname && !/\.[a-z0-9]+$/i.test(url.pathname)) startBar?.();
  } catch {
    // not a URL (or no window): no bar
  }
}

type Href = ComponentProps<typeof NextLink>['href'];
export type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & { href: Href; locale?: Locale };

/**
 * next/link with the href in the page's locale (or in `locale`, to switch languages).
 *
 * Prefetch on intent: Next prefetches every link as it scrolls into view, which on a landing means
 * the RSC payload of each linked page (and of the page itself, via the logo) plus their route
 * chunks: ~60 KB and a run of main-thread tasks right while the page is hydrating on a cheap phone.
 * Here a link prefetches when the visitor points at it, touches it or tabs to it (Next's documented
 * hover-triggered pattern), which still comes a few hundred ms before the click. An explicit
 * `prefetch` prop keeps Next's behaviour. Nothing is prefetched on 2g or with data saver on.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { href, locale, onClick, prefetch, onMouseEnter, onTouchStart, onFocus, ...rest },
  ref,
) {
  const current = useLocale();
  const [intent, setIntent] = useState(false);
  const showIntent = () => {
    if (!intent && prefetchAllowed()) setIntent(true);
  };
  const changing = locale != null && locale !== current;
  const target = locale ?? current;
  const localized =
    typeof href === 'string'
      ? localizePath(href, target, changing)
      : { ...href, pathname: href.pathname ? localizePath(href.pathname, target, changing) : href.pathname };
  return (
    <NextLink
      ref={ref}
      href={localized}
      hrefLang={changing ? locale : rest.hrefLang}
      prefetch={changing ? false : prefetch !== undefined ? prefetch : intent ? null : false}
      onMouseEnter={(e) => {
        showIntent();
        onMouseEnter?.(e);
      }}
      onTouchStart={(e) => {
        showIntent();
        onTouchStart?.(e);
      }}
      onFocus={(e) => {
        showIntent();
        onFocus?.(e);
      }}
      onClick={
        changing
          ? (e) => {
              rememberLocale(locale);
              onClick?.(e);
            }
          : onClick
      }
      {...rest}
    />
  );
});

/** The path without the locale prefix ("/student" on /kk/student). */
export function usePathname(): string {
  const pathname = useNextPathname();
  const locale = useLocale();
  return useMemo(() => {
    if (!pathname) return pathname;
    const prefix = `/${locale}`;
    if (pathname === prefix) return '/';
    return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
  }, [pathname, locale]);
}

type NextRouter = ReturnType<typeof useNextRouter>;
type WithLocale<T> = (T extends undefined ? object : NonNullable<T>) & { locale?: Locale };

/** Next's router with push/replace/prefetch taking unprefixed paths and an optional `locale`. */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocale();
  return useMemo(() => {
    function target(href: string, locale: Locale | undefined) {
      if (locale && locale !== current) rememberLocale(locale);
      return localizePath(href, locale ?? current, locale != null && locale !== current);
    }
    // A programmatic navigation shows the loading bar as a link click does.
    function go(method: 'push' | 'replace', href: string, options: Parameters<NextRouter['push']>[1]) {
      startNavigationProgress(href);
      router[method](href, options);
    }
    return {
      ...router,
      push: (href: string, { locale, ...options }: WithLocale<Parameters<NextRouter['push']>[1]> = {}) => go('push', target(href, locale), options),
      replace: (href: string, { locale, ...options }: WithLocale<Parameters<NextRouter['replace']>[1]> = {}) => go('replace', target(href, locale), options),
      prefetch: (href: string, options?: Parameters<NextRouter['prefetch']>[1] & { locale?: Locale }) => {
        const { locale, ...rest } = options ?? {};
        if (!prefetchAllowed()) return;
        return router.prefetch(target(href, locale), options ? (rest as Parameters<NextRouter['prefetch']>[1]) : undefined);
      },
    };
  }, [router, current]);
}
