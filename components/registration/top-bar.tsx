import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { localeLabels } from '@/components/layout/locale-labels';
import { LocaleSwitcher } from '@/components/layout/locale-switcher';

/** The registration pages' only chrome: the logo home and the language switch. */
export async function RegistrationTopBar() {
  const t = await getTranslations('Registration');
  const labels = await localeLabels();
  return (
    <div className="border-b border-line/70 bg-white">
      <div className="mx-auto flex h-14 max-w-header items-center justify-between gap-4 px-4 md:h-16 md:px-6">
        <Link href="/" className="flex shrink-0 items-center rounded-lg" aria-label={t('home')}>
          <Image src="/images/logo.svg" alt="" width={116} height={28} priority unoptimized />
        </Link>
        <LocaleSwitcher labels={labels} />
      </div>
    </div>
  );
}
