import { cache } from 'react';
import { Image } from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ButtonLink } from '@/components/ui/button';
import { features } from '@/lib/features';
import { publicEnv } from '@/lib/public-env';
import { HeaderAuth, type HeaderAuthLabels } from '@/components/auth/header-auth';
import { BurgerMenu, type MenuLink } from './burger-menu';
import { localeLabels } from './locale-labels';
import { LocaleSwitcher } from './locale-switcher';

interface NavItem {
  href: string;
  label: string;
  /** Shown in the desktop bar only on wide screens (always in the burger menu). */
  wideOnly?: boolean;
}

/**
 * Student header (logo → /) or teacher header (logo → /teacher). Rendered signed out (static); the
 * HeaderAuth island and the burger switch to the signed-in variant in the browser.
 *
 * Rendered once per request and variant (React's cache): a page's header and the one of the 404
 * boundary that Next puts in every page's flight data (app/[locale]/not-found.tsx) are then the
 * same object, which React writes once and references the second time.
 */
export function SiteHeader({ variant }: { variant: 'student' | 'teacher' }) {
  return renderHeader(variant);
}

const renderHeader = cache(async (variant: 'student' | 'teacher') => {
  const t = await getTranslations('Navigation');
  const ta = await getTranslations('AuthHeader');
  const labels = await localeLabels();
  const burgerLabels = { openMenu: t('openMenu'), closeMenu: t('closeMenu'), mobileMenu: t('mobileMenu') };
  const student = variant === 'student';
  const nav: NavItem[] = student
    ? [
        { href: '/stud-tariff-plans', label: t('tariffs') },
        { href: '/stud-faq', label: t('faq') },
        ...(features.quiz ? [{ href: '/stud-test', label: t('quiz') }] : []),
        { href: '/teacher', label: t('forTeachers'), wideOnly: features.quiz },
      ]
    : [
        { href: '/teach-faq', label: t('faq') },
        { href: '/teach-tariff-plans', label: t('tariffs') },
        { href: '/', label: t('forStudents') },
      ];
  const cta = student
    ? { href: '/student#feedback', label: t('trialLesson') }
    : { href: '/teach-sign-up', label: t('becomeTutor') };
  const auth: NavItem[] = features.accounts
    ? student
      ? [
          { href: '/stud-sign-in', label: t('signIn') },
          { href: '/stud-sign-up', label: t('signUp') },
        ]
      : [
          { href: '/sign-in', label: t('signIn') },
          { href: '/sign-up', label: t('signUp') },
        ]
    : [];
  const accountLabels: HeaderAuthLabels = { cabinet: ta('cabinet'), accountMenu: ta('accountMenu'), profile: ta('profile'), logout: ta('logout') };
  const mobile: MenuLink[] = [
    ...nav,
    ...(student ? [] : [{ href: '/student', label: t('learnWithUs') }]),
    {
      href: publicEnv.NEXT_PUBLIC_KAZAKH_SITE_URL,
      label: t('learnKazakh'),
      hint: t('learnKazakhHint'),
      external: true,
    },
    ...auth.map((item) => ({ ...item, account: true })),
    { ...cta, primary: true },
  ];

  return (
    // No backdrop-filter here: it would make the header the containing block of the burger panel's
    // and the avatar menu's position: fixed, squeezing them into the header's 64 px.
    <header className="sticky top-0 z-30 border-b border-line/70 bg-white">
      <div
        className={`mx-auto flex h-16 items-center justify-between gap-4 px-4 md:px-6 ${
          student ? 'max-w-header' : 'max-w-header-narrow'
        }`}
      >
        <Link href={student ? '/' : '/teacher'} className="flex shrink-0 items-center rounded-lg" aria-label={student ? t('logoStudent') : t('logoTeacher')}>
          <Image src="/images/logo.svg" alt="" width={132} height={32} priority unoptimized />
        </Link>
        <nav aria-label={t('mainNav')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.href} className={item.wideOnly ? 'hidden 2xl:block' : undefined}>
                <Link href={item.href} className="nav-link">
                  {item.label}
                </Link>
              </li>
            ))}
            {/* The student bar keeps to the specification's three links below 1536 px (tariffs, FAQ,
                the level test); the teacher link and the Kazakh site stay in the burger menu. */}
            <li className={student && features.quiz ? 'hidden 2xl:block' : undefined}>
              <a
                href={publicEnv.NEXT_PUBLIC_KAZAKH_SITE_URL}
                target="_blank"
                rel="noopener"
                className="nav-link"
              >
                {t('learnKazakh')}
                <span className="sr-only"> ({t('learnKazakhHint')})</span>
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LocaleSwitcher labels={labels} />
          {features.accounts && <HeaderAuth variant={variant} signedOut={auth} labels={accountLabels} />}
          <ButtonLink href={cta.href} size="sm" className="hidden whitespace-nowrap lg:inline-block">
            {cta.label}
          </ButtonLink>
          <BurgerMenu
            links={mobile}
            labels={burgerLabels}
            localeLabels={labels}
            account={features.accounts ? { variant, labels: accountLabels } : undefined}
          />
        </div>
      </div>
    </header>
  );
});
