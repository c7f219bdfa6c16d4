import { cache } from 'react';
import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { SiteFrame } from '@/components/layout/site-frame';
import { ButtonLink } from '@/components/ui/button';

const CENTRED = 'container-page flex flex-1 flex-col items-center justify-center py-24 text-center';

/**
 * The 404's message and the link home (`home`: the audience's landing), made once per request: a
 * page carries both its layouts' 404s in its RSC data, and the same element twice is sent once.
 */
const notFoundContent = cache(async (home: '/' | '/teacher') => {
  const t = await getTranslations('NotFound');
  return (
    <>
      <p className="text-7xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold md:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-md text-muted">{t('text')}</p>
      <ButtonLink href={home} className="mt-8">
        {t('home')}
      </ButtonLink>
    </>
  );
});

/**
 * Inside a frame already drawn (the student's public layout; no teacher page calls notFound(), so
 * the teacher's layout has none and its pages carry only the bare one): the message alone.
 * Every page carries its layouts' 404s in its RSC data, so a 404 that drew a frame of its own put a
 * second header and footer into each teacher page (about 8 KB).
 */
export async function FramedNotFound({ home = '/' }: { home?: '/' | '/teacher' }) {
  return (
    <div className={CENTRED}>
      {await notFoundContent(home)}
    </div>
  );
}

/** Where no public frame is drawn (the back office, the portal, the lesson, sign-in): the logo and the message. */
export async function BareNotFound() {
  const t = await getTranslations('Navigation');
  return (
    <main id="main" className={CENTRED}>
      <Link href="/" className="mb-10 rounded-lg" aria-label={t('logoStudent')}>
        <Image src="/images/logo.svg" alt="" width={132} height={32} unoptimized />
      </Link>
      {await notFoundContent('/')}
    </main>
  );
}

/** The whole 404 page of an unmatched URL (app/global-not-found.tsx): header, message, the link home, footer. */
export async function NotFoundView() {
  return (
    <SiteFrame variant="student" mainClassName={CENTRED}>
      {await notFoundContent('/')}
    </SiteFrame>
  );
}
