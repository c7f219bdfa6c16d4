import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/public-env';
import { NotFoundView } from '@/components/layout/not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return { metadataBase: new URL(publicEnv.NEXT_PUBLIC_SITE_URL), title: t('notFound.title'), robots: { index: false } };
}

// notFound() called by a page of a locale. Unmatched URLs are answered by app/not-found.tsx.
export default function NotFound() {
  return <NotFoundView />;
}
