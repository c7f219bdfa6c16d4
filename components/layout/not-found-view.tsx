import { getTranslations } from 'next-intl/server';
import { SiteFrame } from '@/components/layout/site-frame';
import { ButtonLink } from '@/components/ui/button';

/** The translated 404 page: header, message, the link home, footer. */
export async function NotFoundView() {
  const t = await getTranslations('NotFound');
  return (
    <SiteFrame variant="student" mainClassName="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <p className="text-7xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold md:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-md text-muted">{t('text')}</p>
      <ButtonLink href="/" className="mt-8">
        {t('home')}
      </ButtonLink>
    </SiteFrame>
  );
}
