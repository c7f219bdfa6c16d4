import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { CompanyNav } from '@/components/company/nav';
import { currentCompanyMember } from '@/lib/company-portal/page';

/** Sections of the portal (each page guards itself with requireCompanyPage). */
const SECTIONS = [
  { key: 'home', path: '/company' },
  { key: 'employees', path: '/company/employees' },
  { key: 'results', path: '/company/results' },
  { key: 'lessons', path: '/company/lessons' },
  { key: 'groups', path: '/company/groups' },
  { key: 'invoices', path: '/company/invoices' },
  { key: 'security', path: '/company/security' },
] as const;

export default async function PortalLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  await params;
  const member = await currentCompanyMember();
  const t = await getTranslations('Company.nav');
  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      {member && (
        <CompanyNav
          items={SECTIONS.map((s) => ({ href: s.path, label: t(s.key) }))}
          company={member.companyName}
          person={member.name}
          labels={{ nav: t('label'), signOut: t('signOut'), menu: t('menu') }}
        />
      )}
      <main id="main" className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 md:px-8">
        {children}
      </main>
    </div>
  );
}
