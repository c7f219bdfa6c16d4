'use client';

import { useEffect } from 'react';
import { Link } from '@/i18n/navigation';
import { authGeneration, hasAuthCookie, setAuthState, useAuthState } from './auth-store';
import { fetchCabinetProfile } from './cabinet-client';
import { AvatarMenu } from './avatar-menu';
import { CabinetLink } from './cabinet-link';
import { restoreSession } from './restore-session';
import type { HeaderAuthLabels } from './types';

export type { HeaderAuthLabels };

export interface HeaderAuthLink {
  href: string;
  label: string;
}

/**
 * The header's account corner. Signed out (and while the profile is unknown, and when the me call
 * fails): sign-in and sign-up links. The student header asks the cabinet on every load and shows a
 * cabinet button; the teacher header asks only with the `auth` cookie and shows the avatar menu.
 */
export function HeaderAuth({ variant, signedOut, labels }: { variant: 'student' | 'teacher'; signedOut: HeaderAuthLink[]; labels: HeaderAuthLabels }) {
  const { profile } = useAuthState();

  useEffect(() => {
    if (variant === 'teacher' && !hasAuthCookie()) return;
    let cancelled = false;
    const asked = authGeneration();
    // After the session restore: the refresh rotates the cookie the me call reads.
    void restoreSession()
      .then(fetchCabinetProfile)
      .then((user) => {
        // A sign-out while the call was on its way wins: its answer describes the old session.
        if (cancelled || !user || authGeneration() !== asked) return;
        setAuthState(variant === 'student' ? { profile: user, auth: true } : { profile: user });
      });
    return () => {
      cancelled = true;
    };
  }, [variant]);

  if (profile && variant === 'teacher') return <AvatarMenu profile={profile} labels={labels} className="hidden lg:block" />;
  if (profile) {
    return (
      <CabinetLink
        href={profile.profileUrl}
        className="hidden rounded-xl border border-brand-dark px-4 py-2.5 text-sm font-medium text-brand-dark transition-colors duration-150 hover:bg-brand-tint lg:inline-block"
      >
        {labels.cabinet}
      </CabinetLink>
    );
  }
  return (
    <>
      {signedOut.map((item, i) => (
        <Link
          key={item.href}
          href={item.href}
          className={`hidden rounded-xl px-4 py-2.5 text-sm font-medium transition-colors duration-150 lg:inline-block ${
            i === 0 ? 'text-brand-dark hover:bg-brand-tint' : 'border border-brand-dark text-brand-dark hover:bg-brand-tint'
          }`}
        >
          {item.label}
        </Link>
      ))}
    </>
  );
}
