import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { SiteFrame } from '@/components/layout/site-frame';
import type { Locale } from '@/i18n/routing';

export default async function TeacherLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale as Locale);
  return <SiteFrame variant="teacher">{children}</SiteFrame>;
}
