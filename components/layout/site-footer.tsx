import { cache } from 'react';
import Image from '@/components/ui/image';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { features } from '@/lib/features';
import { localizedDocUrl, publicEnv } from '@/lib/public-env';

/**
 * Student footer (light) or teacher footer (dark, with the slogan). Centred below 768 px.
 *
 * Rendered once per request and variant (React's cache): a page's footer and the one of the 404
 * boundary that Next puts in every page's flight data (app/[locale]/not-found.tsx) are then the
 * same object, which React writes once and references the second time.
 */
export function SiteFooter({ variant }: { variant: 'student' | 'teacher' }) {
  return renderFooter(variant);
}

const renderFooter = cache(async (variant: 'student' | 'teacher') => {
  const t = await getTranslations('Footer');
  const nav = await getTranslations('Navigation');
  const locale = await getLocale();
  const dark = variant === 'teacher';
  const pages =
    variant === 'student'
      ? [
          { href: '/stud-tariff-plans', label: nav('tariffs') },
          { href: '/stud-faq', label: nav('faq') },
          ...(features.quiz ? [{ href: '/stud-quiz', label: nav('courseQuiz') }] : []),
          ...(features.accounts ? [{ href: '/stud-simple-reg', label: nav('enterLesson') }] : []),
          { href: '/teacher', label: nav('forTeachers') },
        ]
      : [
          { href: '/teach-faq', label: nav('faq') },
          { href: '/teach-tariff-plans', label: nav('tariffs') },
          { href: '/', label: nav('forStudents') },
        ];
  const docs = [
    { href: localizedDocUrl(publicEnv.NEXT_PUBLIC_OFFER_URL, locale), label: t('offer') },
    // Tutors accept these rules with their application (the offer's terms seen from their side).
    ...(dark ? [{ href: localizedDocUrl(publicEnv.NEXT_PUBLIC_TUTOR_RULES_URL, locale), label: t('rules') }] : []),
    { href: localizedDocUrl(publicEnv.NEXT_PUBLIC_PRIVACY_URL, locale), label: t('privacy') },
  ];
  const socials = [
    { href: publicEnv.NEXT_PUBLIC_INSTAGRAM_URL, label: t('instagram') },
    { href: publicEnv.NEXT_PUBLIC_FACEBOOK_URL, label: t('facebook') },
    ...(dark ? [{ href: publicEnv.NEXT_PUBLIC_LINKEDIN_URL, label: t('linkedin') }] : []),
  ];
  const phone = publicEnv.NEXT_PUBLIC_SUPPORT_PHONE;
  const email = publicEnv.NEXT_PUBLIC_SUPPORT_EMAIL;
  const link = dark ? 'footer-link-dark' : 'footer-link';
  const heading = `footer-heading ${dark ? 'text-white' : 'text-ink'}`;

  return (
    <footer className={dark ? 'mt-auto bg-ink text-white' : 'mt-auto border-t border-line bg-brand-tint/40'}>
      <div className="mx-auto grid max-w-footer gap-10 px-4 py-12 text-center md:grid-cols-2 md:px-6 md:text-left lg:grid-cols-4">
        <div className="flex flex-col items-center gap-4 md:items-start">
          <Link href={variant === 'student' ? '/student' : '/teacher'} className="rounded-lg" aria-label={nav(variant === 'student' ? 'logoStudent' : 'logoTeacher')}>
            <Image src={dark ? '/images/logo-white.svg' : '/images/logo.svg'} alt="" width={132} height={32} unoptimized />
          </Link>
          <p className={`text-sm leading-relaxed ${dark ? 'text-white/80' : 'text-muted'}`}>{t('blurb')}</p>
          {dark && <p className="text-base font-medium text-sun">{t('slogan')}</p>}
        </div>
        <nav aria-label={t('pages')}>
          <h2 className={heading}>{t('pages')}</h2>
          <ul className="space-y-2 text-sm">
            {pages.map((p) => (
              <li key={p.href}>
                <Link href={p.href} className={link}>
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>{t('documents')}</h2>
          <ul className="space-y-2 text-sm">
            {docs.map((d) => (
              <li key={d.href}>
                <a href={d.href} target="_blank" rel="noopener" className={link}>
                  {d.label} <span className="text-xs">({t('pdf')})</span>
                </a>
              </li>
            ))}
          </ul>
          <p className={`mt-4 text-xs ${dark ? 'text-white/70' : 'text-muted'}`}>{t('payments')}</p>
        </div>
        <div>
          <h2 className={heading}>{t('contacts')}</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <span className="sr-only">{t('phoneLabel')}: </span>
              <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className={link}>
                {phone}
              </a>
            </li>
            <li>
              <span className="sr-only">{t('emailLabel')}: </span>
              <a href={`mailto:${email}`} className={link}>
                {email}
              </a>
            </li>
          </ul>
          <h2 className={`${heading} mt-6`}>{t('social')}</h2>
          <ul className="flex justify-center gap-4 text-sm md:justify-start">
            {socials.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener" className={link}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={`border-t ${dark ? 'border-white/10' : 'border-line'}`}>
        <p className={`mx-auto max-w-footer px-4 py-5 text-center text-xs md:px-6 md:text-left ${dark ? 'text-white/70' : 'text-muted'}`}>
          {t('copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
});
