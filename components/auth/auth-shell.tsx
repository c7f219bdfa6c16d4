import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { LogoBar } from '@/components/layout/logo-bar';

/** Title of an account page: translated, never indexed. */
export async function accountPageMetadata(locale: Locale, namespace: 'SignIn' | 'Reset' | 'Cabinet' | 'EmailConfirm', key: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace });
  return { title: t(key as never), robots: { index: false, follow: false } };
}

/** Sign-in and reset pages: a small top bar (logo, language) and one card with the page's h1. */
export async function AuthShell({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const t = await getTranslations('Navigation');
  return (
    <>
      <LogoBar variant="auth" homeLabel={t('logoStudent')} />
      <div className="flex flex-1 items-start justify-center px-4 py-8 sm:py-14">
        <div className="w-full max-w-md rounded-2xl bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {intro && <p className="mt-2 text-muted">{intro}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </>
  );
}

/** The ways on under a reset page's card (the other ways, back to sign-in): one link centred, or several spread apart. */
export function AuthShellLinks({ links }: { links: { href: string; label: string }[] }) {
  return (
    <p className={links.length > 1 ? 'mt-6 flex flex-wrap justify-between gap-3 text-sm' : 'mt-6 text-center text-sm'}>
      {links.map((link) => (
        <Link key={link.href} href={link.href} className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {link.label}
        </Link>
      ))}
    </p>
  );
}
