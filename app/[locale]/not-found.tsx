import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/public-env';
import { BareNotFound } from '@/components/layout/not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return { metadataBase: new URL(publicEnv.NEXT_PUBLIC_SITE_URL), title: t('notFound.title'), robots: { index: false } };
}

// notFound() called by a page of a locale outside the public frames (the back office, the portal,
// the lesson, sign-in, and a teacher page, of which none calls it): the logo and the message. The
// student's pages have their own inside their frame ((student)/not-found.tsx). This one is in the RSC
// data of every page of the locale, so it stays small. Unmatched URLs: app/global-not-found.tsx.
export default function NotFound() {
  return <BareNotFound />;
}
