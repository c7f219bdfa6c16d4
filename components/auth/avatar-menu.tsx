'use client';

import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useRouter } from '@/i18n/navigation';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { initials } from './cabinet-client';
import { CabinetLink } from './cabinet-link';
import type { CabinetProfile, HeaderAuthLabels } from './types';

/** 64 px round avatar (the cabinet's image, or initials) opening Profile and Logout. */
export function AvatarMenu({ profile, labels, className = '' }: { profile: CabinetProfile; labels: HeaderAuthLabels; className?: string }) {
  // The header itself sits above the click-catcher: a press elsewhere in it closes the menu too.
  const { open, close, triggerProps, panelProps } = useDisclosure<HTMLButtonElement, HTMLUListElement>({ initialFocus: 'a, button' });
  const [busy, setBusy] = useState(false);
  const router = useRouter();

  async function logout() {
    setBusy(true);
    const { signOut } = await import('./session');
    await signOut();
    setBusy(false);
    close();
    // The spec's logout target: the home page of this locale.
    router.replace('/');
  }

  const label = profile.name ? `${labels.accountMenu}: ${profile.name}` : labels.accountMenu;
  return (
    <div className={`relative ${className}`}>
      <button
        {...triggerProps}
        type="button"
        aria-label={label}
        title={label}
        className="relative z-50 flex size-16 items-center justify-center overflow-hidden rounded-full bg-brand-dark text-xl font-medium text-white"
      >
        {profile.image ? (
          // The cabinet's image: another origin, any size; not for next/image.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={profile.image} alt="" width={64} height={64} className="size-16 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true">{initials(profile.name)}</span>
        )}
      </button>
      {open && (
        <>
          {/* Full-screen click-catcher, in <body>: inside the header (backdrop-filter) "fixed" would
              only cover the header. It lies under the header, over the page. */}
          {createPortal(
            <div data-testid="avatar-click-catcher" aria-hidden="true" className="fixed inset-0 z-20" onClick={close} />,
            document.body,
          )}
          <ul {...panelProps} aria-label={labels.accountMenu} className="absolute right-0 z-50 mt-2 w-48 overflow-hidden rounded-xl border border-line bg-white py-1 shadow-lg">
            <li>
              <CabinetLink href={profile.profileUrl} onClick={close} className="block px-4 py-2.5 text-sm text-ink hover:bg-brand-tint focus-visible:bg-brand-tint">
                {labels.profile}
              </CabinetLink>
            </li>
            <li>
              <button
                type="button"
                onClick={logout}
                disabled={busy}
                aria-busy={busy}
                className="block w-full px-4 py-2.5 text-left text-sm text-ink hover:bg-brand-tint focus-visible:bg-brand-tint disabled:opacity-70"
              >
                {labels.logout}
              </button>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
