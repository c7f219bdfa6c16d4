import { getTranslations } from 'next-intl/server';
import { LogoBar } from '@/components/layout/logo-bar';

/** The registration pages' only chrome: the logo home and the language switch. */
export async function RegistrationTopBar() {
  const t = await getTranslations('Registration');
  return <LogoBar variant="registration" homeLabel={t('home')} />;
}
