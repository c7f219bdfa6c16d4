import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

/** 403 of a back-office page whose scope the member lacks (lib/staff/page.ts calls forbidden()). */
export default async function AdminForbidden() {
  const t = await getTranslations('Admin.forbidden');
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-muted">403</p>
      <h1 className="mt-3 text-2xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('text')}</p>
      <Link href="/admin" className="mt-6 inline-block rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark">
        {t('back')}
      </Link>
    </main>
  );
}
