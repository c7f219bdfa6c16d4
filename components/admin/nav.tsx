'use client';

import { useState } from 'react';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { useLocale } from '@/i18n/navigation';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import type { SectionKey } from '@/lib/staff/sections';

export interface AdminNavItem {
  key: SectionKey;
  href: string;
  label: string;
}

/** Side menu on a laptop, a collapsible bar on a phone; the current section is marked for screen readers. */
export function AdminNav({
  items,
  member,
  labels,
}: {
  items: AdminNavItem[];
  member: { name: string; email: string };
  labels: { brand: string; nav: string; signOut: string; menu: string; account: string };
}) {
  const pathname = usePathname();
  const router = useRouter();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const current = (href: string) => (href === '/admin' ? pathname === '/admin' : pathname === href || pathname.startsWith(`${href}/`));
  async function signOut() {
    await fetchJson('/api/admin/auth/logout', { method: 'POST', body: {}, locale }).catch(() => undefined);
    router.replace('/admin/sign-in');
    router.refresh();
  }
  return (
    <aside className="border-b border-line bg-white lg:sticky lg:top-0 lg:h-dvh lg:w-60 lg:shrink-0 lg:border-r lg:border-b-0">
      <div className="flex items-center justify-between gap-2 px-4 py-3">
        <Link href="/admin" className="font-bold text-ink">
          {labels.brand}
        </Link>
        <button
          type="button"
          className="rounded-lg border border-line px-3 py-1.5 text-sm lg:hidden"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen((v) => !v)}
        >
          {labels.menu}
        </button>
      </div>
      <nav id="admin-nav" aria-label={labels.nav} className={`${open ? 'block' : 'hidden'} px-2 pb-3 lg:block`}>
        <ul className="space-y-0.5">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={current(item.href) ? 'page' : undefined}
                className="block rounded-lg px-3 py-2 text-sm text-ink hover:bg-slate-100 aria-[current=page]:bg-brand-tint aria-[current=page]:font-medium aria-[current=page]:text-brand-dark"
                onClick={() => setOpen(false)}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-line px-3 pt-3 text-xs text-muted">
          <p className="font-medium text-ink">{member.name}</p>
          <p className="truncate">{member.email}</p>
          <Link
            href="/admin/me"
            aria-current={current('/admin/me') ? 'page' : undefined}
            className="mt-2 block text-sm text-brand-dark underline-offset-2 hover:underline aria-[current=page]:font-medium"
            onClick={() => setOpen(false)}
          >
            {labels.account}
          </Link>
          <button type="button" onClick={signOut} className="mt-2 text-sm text-brand-dark underline-offset-2 hover:underline">
            {labels.signOut}
          </button>
        </div>
      </nav>
    </aside>
  );
}
