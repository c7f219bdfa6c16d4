'use client';

import { useEffect, useState } from 'react';
import { useAuthState } from '@/components/auth/auth-store';
import type { PackageView } from '@/lib/payments/cabinet';

/**
 * On a tutor's page: a signed-in student with lessons left in a package with this tutor gets the
 * way to book them (the cabinet's booking of that package). Nothing for anyone else; the page stays
 * static, this island asks the student's packages in the browser.
 */
export function PackageBookingLink({ tutorId, href, label }: { tutorId: number; href: string; label: string }) {
  const { token } = useAuthState();
  const [pkg, setPkg] = useState<PackageView | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<{ packages: PackageView[] }>('/api/cabinet/payments'))
      .then(
        (res) => live && setPkg(res.data.packages.find((p) => p.tutorId === tutorId && p.lessonsLeft > 0 && !p.expired) ?? null),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [token, tutorId]);

  if (!token || !pkg) return null;
  return (
    <p className="mt-3">
      <a href={`${href}?book=${pkg.id}`} className="inline-block rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand" data-testid="book-from-package">
        {label}
      </a>
    </p>
  );
}
