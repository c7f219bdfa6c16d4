'use client';

import { useEffect, useState } from 'react';
import { usePathname } from 'next/navigation';
import { Link, useRouter } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { CabinetLink } from '@/components/auth/cabinet-link';
import type { HeaderAuthLabels } from '@/components/auth/header-auth';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { LocaleList, type LocaleLabels } from './locale-switcher';

export interface MenuLink {
  href: string;
  label: string;
  external?: boolean;
  hint?: string;
  primary?: boolean;
  /** A signed-out account link (sign in, sign up): replaced by the signed-in entries. */
  account?: boolean;
}

/** The mobile menu, below 1024 px. */
export interface BurgerLabels {
  openMenu: string;
  closeMenu: string;
  mobileMenu: string;
}

export function BurgerMenu({
  links,
  labels,
  localeLabels,
  account,
}: {
  links: MenuLink[];
  labels: BurgerLabels;
  localeLabels: LocaleLabels;
  account?: { variant: 'student' | 'teacher'; labels: HeaderAuthLabels };
}) {
  const pathname = usePathname();
  const router = useRouter();
  const { profile } = useAuthState();
  const signedIn = !!account && !!profile;
  // The menu remembers where it was opened: navigating anywhere closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const { open, close, triggerProps, panelProps } = useDisclosure<HTMLButtonElement, HTMLDivElement>({
    open: openAt === pathname,
    onOpenChange: (next) => setOpenAt(next ? pathname : null),
    initialFocus: 'a, button',
    // The panel covers the page below the header.
    closeOnOutsidePress: false,
  });

  useEffect(() => {
    if (!open) return;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, [open]);

  async function logout() {
    close();
    const { signOut } = await import('@/components/auth/session');
    await signOut();
    // The spec's logout target: the home page of this locale.
    router.replace('/');
  }
  const itemClass = 'block w-full rounded-lg px-3 py-3 text-left text-lg text-ink hover:bg-brand-tint';
  const shown = signedIn ? links.filter((l) => !l.account) : links;

  return (
    <div className="lg:hidden">
      <button
        {...triggerProps}
        type="button"
        aria-label={open ? labels.closeMenu : labels.openMenu}
        className="relative z-50 flex size-11 items-center justify-center rounded-lg text-ink hover:bg-brand-tint"
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div
        {...panelProps}
        hidden={!open}
        className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto border-t border-line bg-white px-4 pt-4 pb-10"
      >
        <nav aria-label={labels.mobileMenu}>
          <ul className="flex flex-col gap-1">
            {signedIn && profile && account && (
              <>
                <li>
                  <CabinetLink href={profile.profileUrl} onClick={close} className={itemClass}>
                    {account.variant === 'student' ? account.labels.cabinet : account.labels.profile}
                  </CabinetLink>
                </li>
                {account.variant === 'teacher' && (
                  <li>
                    <button type="button" onClick={logout} className={itemClass}>
                      {account.labels.logout}
                    </button>
                  </li>
                )}
              </>
            )}
            {shown.map((l) => (
              <li key={l.href + l.label}>
                {l.external ? (
                  <a
                    href={l.href}
                    target="_blank"
                    rel="noopener"
                    className="flex items-center justify-between rounded-lg px-3 py-3 text-lg text-ink hover:bg-brand-tint"
                  >
                    <span>
                      {l.label}
                      {l.hint && <span className="sr-only"> ({l.hint})</span>}
                    </span>
                    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6">
                      <path d="M6 3h7v7M13 3L3 13" />
                    </svg>
                  </a>
                ) : (
                  <Link
                    href={l.href}
                    onClick={close}
                    className={
                      l.primary
                        ? 'mt-2 block rounded-xl bg-brand-dark px-3 py-3 text-center text-lg font-medium text-white'
                        : 'block rounded-lg px-3 py-3 text-lg text-ink hover:bg-brand-tint'
                    }
                  >
                    {l.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 border-t border-line pt-6">
          <LocaleList labels={localeLabels} onSwitch={close} />
        </div>
      </div>
    </div>
  );
}
