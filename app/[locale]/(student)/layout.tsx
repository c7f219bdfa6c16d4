import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import type { Locale } from '@/i18n/routing';

export default async function StudentLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale as Locale);
  return (
    <>
      <SiteHeader variant="student" />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter variant="student" />
    </>
  );
}
