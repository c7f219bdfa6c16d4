import './globals.css';
import type { Metadata } from 'next';
import { getLocale, getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, routing, type Locale } from '@/i18n/routing';
import { publicEnv } from '@/lib/public-env';
import { fontVariables } from '@/app/fonts';
import { LocaleDocument } from '@/components/layout/locale-document';
import { NotFoundView } from '@/components/layout/not-found-view';

// Every URL no route matches (/no-such-page, /kk/x/y) is answered by this page (Next renders it as
// /_not-found, experimental.globalNotFound in next.config.ts): status 404 and the whole page in the
// server HTML. The locale is the one the proxy (next-intl) resolved for the request, read from its
// request header, so this page is rendered per request. Being outside every layout, it does not
// make the other pages dynamic (a dynamic app/not-found.tsx would: it is part of every page's
// tree). Paths the proxy skips (/foo.png) fall back to the default locale.
// A catch-all page calling notFound() would answer 404 too, but Next 16 sends an empty
// <html id="__next_error__"> shell for a notFound() thrown during a dynamic render.
async function requestLocale(): Promise<Locale> {
  const locale = await getLocale();
  return isLocale(locale) ? locale : routing.defaultLocale;
}

export async function generateMetadata(): Promise<Metadata> {
  const locale = await requestLocale();
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  // No robots entry: Next itself marks a 404 answer noindex.
  return { metadataBase: new URL(publicEnv.NEXT_PUBLIC_SITE_URL), title: t('notFound.title') };
}

export default async function GlobalNotFound() {
  const locale = await requestLocale();
  setRequestLocale(locale);
  return (
    <LocaleDocument locale={locale} fontVariables={fontVariables}>
      <NotFoundView />
    </LocaleDocument>
  );
}
