import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { registrationMetadata } from '@/components/registration/metadata';
import { RegistrationPage } from '@/components/registration/registration-page';
import { GuestOnly } from '@/components/auth/guest-only';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return registrationMetadata((await params).locale, 'signUp');
}

function Icon({ kind }: { kind: 'learn' | 'teach' }) {
  return (
    <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-2xl bg-brand-tint text-brand-dark">
      <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
        {kind === 'learn' ? (
          <path d="M2 9l10-5 10 5-10 5L2 9zm4 2.2V16c0 1.4 2.7 3 6 3s6-1.6 6-3v-4.8M22 9v6" />
        ) : (
          <path d="M4 5h16v10H4zM8 19h8M12 15v4M8 9h5M8 12h8" />
        )}
      </svg>
    </span>
  );
}

export default async function SignUpPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Registration.chooser');
  const cards = [
    { href: '/stud-sign-up', kind: 'learn' as const, title: t('learnTitle'), text: t('learnText') },
    { href: '/teach-sign-up', kind: 'teach' as const, title: t('teachTitle'), text: t('teachText') },
  ];
  return (
    <RegistrationPage title={t('title')} lead={t('lead')} wide>
      <GuestOnly />
      <ul className="grid gap-4 md:grid-cols-2 md:gap-6">
        {cards.map((card) => (
          <li key={card.href}>
            <Link
              href={card.href}
              className="group flex h-full flex-col gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-line transition-shadow duration-150 hover:shadow-md hover:ring-brand-dark sm:p-8"
            >
              <Icon kind={card.kind} />
              <span className="flex items-center justify-between gap-3 text-xl font-semibold text-ink md:text-2xl">
                {card.title}
                <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className="shrink-0 text-brand-dark transition-transform duration-150 group-hover:translate-x-1">
                  <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <span className="text-base text-muted">{card.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-base text-ink">
        {t('haveAccount')}{' '}
        <Link href="/sign-in" className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
          {t('signIn')}
        </Link>
      </p>
    </RegistrationPage>
  );
}
