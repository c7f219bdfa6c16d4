import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/nav';
import { currentStaff } from '@/lib/staff/page';
import { sectionsFor } from '@/lib/staff/sections';

/**
 * The back office's frame: the menu of the sections the member may open. Each page guards itself
 * (lib/staff/page.ts requireStaffPage) and sends a signed-out visitor to the sign-in page.
 */
export default async function OfficeLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  await params;
  const member = await currentStaff();
  const t = await getTranslations('Admin');
  const items = member
    ? sectionsFor(member.scopes).map((s) => ({ key: s.key, href: s.path, label: t(`nav.${s.key}`) }))
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
