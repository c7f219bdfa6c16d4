'use client';

import { useEffect, useState } from 'react';
import { useAuthState } from '@/components/auth/auth-store';
import type { PackageView } from '@/lib/payments/cabinet';
import type { EmployerView } from '@/lib/payments/employer';

const linkClass = 'inline-block rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand';

/**
 * On a tutor's page: a signed-in student with lessons left in a package with this tutor gets the
 * way to book them (the cabinet's booking of that package); an employee with lessons from their
 * employer left gets the way to book this tutor from them, when a pool lesson pays for the tutor's
 * price (the cabinet's booking with `?pool=<employee>&tutor=<tutor>`). Nothing for anyone else; the
 * page stays static, this island asks the student's packages in the browser.
 */
export function PackageBookingLink({ tutorId, price, href, label, employerLabel }: { tutorId: number; price: number | null; href: string; label: string; employerLabel: string }) {
  const { token } = useAuthState();
  const [pkg, setPkg] = useState<PackageView | null>(null);
  const [employer, setEmployer] = useState<EmployerView | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<{ packages: PackageView[]; employers?: EmployerView[] }>('/api/cabinet/payments'))
      .then(
        (res) => {
          if (!live) return;
          setPkg(res.data.packages.find((p) => p.tutorId === tutorId && p.lessonsLeft > 0 && !p.expired) ?? null);
          setEmployer((res.data.employers ?? []).find((e) => e.lessonsLeft > 0 && price !== null && price <= e.tutorPriceMax) ?? null);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [token, tutorId, price]);

  if (!token || (!pkg && !employer)) return null;
  return (
    <p className="mt-3 flex flex-wrap gap-3">
      {pkg && (
        <a href={`${href}?book=${pkg.id}`} className={linkClass} data-testid="book-from-package">
          {label}
        </a>
      )}
      {employer && (
        <a href={`${href}?pool=${employer.employeeId}&tutor=${tutorId}`} className={linkClass} data-testid="book-from-employer">
          {employerLabel}
        </a>
      )}
    </p>
  );
}
