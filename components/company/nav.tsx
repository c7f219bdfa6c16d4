'use client';

import { useState } from 'react';
import { Link, useLocale, usePathname } from '@/i18n/navigation';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import { useHydrated } from './use-hydrated';

export interface CompanyNavItem {
  href: string;
  label: string;
}

/** The portal's bar: the company, its sections (a menu button on a phone), the person and sign-out. */
export function CompanyNav({
  items,
  company,
  person,
  labels,
}: {
  items: CompanyNavItem[];
  company: string;
  person: string;
  labels: { nav: string; signOut: string; menu: string };
}) {
  const pathname = usePathname();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const current = (href: string) => (href === '/company' ? pathname === '/company' : pathname === href || pathname.startsWith(`${href}/`));
  async function signOut() {
    await fetchJson('/api/company/auth/logout', { method: 'POST', body: {}, locale }).catch(() => undefined);
    window.location.assign(locale === 'ru' ? '/company/sign-in' : `/${locale}/company/sign-in`);
  }
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <Link href="/company" className="min-w-0 truncate font-bold text-ink">
          {company}
        </Link>
        <button type="button" className="rounded-lg border border-line px-3 py-1.5 text-sm md:hidden" disabled={!hydrated} aria-expanded={open} aria-controls="company-nav" onClick={() => setOpen((v) => !v)}>
          {labels.menu}
        </button>
        <nav id="company-nav" aria-label={labels.nav} className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 md:flex md:w-auto md:flex-row md:items-center md:gap-4`}>
          {items.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              aria-current={current(item.href) ? 'page' : undefined}
              className="rounded-lg px-2 py-2 text-sm text-ink hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-dark"
            >
              {item.label}
            </Link>
          ))}
          <span className="px-2 text-sm text-muted md:border-l md:border-line md:pl-4">{person}</span>
          <button type="button" className="rounded-lg px-2 py-2 text-left text-sm text-ink hover:bg-slate-100" disabled={!hydrated} onClick={() => void signOut()}>
            {labels.signOut}
          </button>
        </nav>
      </div>
    </header>
  );
}
