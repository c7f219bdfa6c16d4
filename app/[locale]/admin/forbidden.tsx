import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { currentStaff } from '@/lib/staff/page';
import { staffHome } from '@/lib/staff/sections';

/**
 * 403 of a back-office page whose scope the member lacks (lib/staff/page.ts calls forbidden()): the
 * way out is the member's own first section (finance: payments), never a page that is a 403 too.
 */
export default async function AdminForbidden() {
  const t = await getTranslations('Admin');
  const member = await currentStaff();
  const home = staffHome(member?.scopes ?? []);
  const label = home.key === 'me' ? t('staff.me.nav') : t(`nav.${home.key}`);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-muted">403</p>
      <h1 className="mt-3 text-2xl font-bold">{t('forbidden.title')}</h1>
      <p className="mt-2 text-muted">{t('forbidden.text')}</p>
      <Link href={home.path} className="mt-6 inline-block rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark">
        {t('forbidden.goTo', { section: label })}
      </Link>
    </main>
  );
}
