import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { AdminNav, type AdminNavItem } from '@/components/admin/nav';
import { hasScope, type Scope } from '@/lib/validations/staff-scopes';
import { currentStaff } from '@/lib/staff/page';

/** Sections and the scopes that open them (the pages check again: this only decides the menu). */
const SECTIONS: { key: AdminNavItem['key']; path: string; scopes: Scope[] }[] = [
  { key: 'dashboard', path: '/admin', scopes: ['sales', 'reviewer'] },
  { key: 'leads', path: '/admin/leads', scopes: ['sales'] },
  { key: 'attribution', path: '/admin/attribution', scopes: ['sales'] },
  { key: 'applications', path: '/admin/applications', scopes: ['reviewer'] },
  { key: 'profiles', path: '/admin/profiles', scopes: ['reviewer'] },
  { key: 'trials', path: '/admin/trials', scopes: ['reviewer', 'sales'] },
  { key: 'accounts', path: '/admin/accounts', scopes: ['sales'] },
  { key: 'companies', path: '/admin/companies', scopes: ['sales'] },
  { key: 'tests', path: '/admin/tests', scopes: ['sales'] },
  { key: 'promo', path: '/admin/promo', scopes: ['sales'] },
  { key: 'payments', path: '/admin/payments', scopes: ['finance'] },
  { key: 'refunds', path: '/admin/refunds', scopes: ['finance'] },
  { key: 'lessonMoney', path: '/admin/lesson-money', scopes: ['finance'] },
  { key: 'invoices', path: '/admin/invoices', scopes: ['finance'] },
  { key: 'payouts', path: '/admin/payouts', scopes: ['finance'] },
  { key: 'revenue', path: '/admin/revenue', scopes: ['finance'] },
  { key: 'reconciliation', path: '/admin/reconciliation', scopes: ['finance'] },
  { key: 'staff', path: '/admin/staff', scopes: ['admin'] },
  { key: 'audit', path: '/admin/audit', scopes: ['admin'] },
];

/**
 * The back office's frame: the menu of the sections the member may open. Each page guards itself
 * (lib/staff/page.ts requireStaffPage) and sends a signed-out visitor to the sign-in page.
 */
export default async function OfficeLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  await params;
  const member = await currentStaff();
  const t = await getTranslations('Admin');
  const items = member
    ? SECTIONS.filter((s) => hasScope(member.scopes, s.scopes)).map((s) => ({ key: s.key, href: s.path, label: t(`nav.${s.key}`) }))
    : [];
  return (
    <div className="flex min-h-dvh flex-1 flex-col lg:flex-row">
      {member && (
        <AdminNav
          items={items}
          member={{ name: member.name, email: member.email }}
          labels={{ brand: t('brand'), nav: t('nav.label'), signOut: t('nav.signOut'), menu: t('nav.menu'), account: t('staff.me.nav') }}
        />
      )}
      <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
        {children}
      </main>
    </div>
  );
}
