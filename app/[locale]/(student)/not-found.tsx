import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/public-env';
import { FramedNotFound } from '@/components/layout/not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return { metadataBase: new URL(publicEnv.NEXT_PUBLIC_SITE_URL), title: t('notFound.title'), robots: { index: false } };
}

// notFound() called by a student page: the message inside the student frame its layout already draws.
export default function NotFound() {
  return <FramedNotFound home="/" />;
}
