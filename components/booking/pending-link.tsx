'use client';

import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { bookingPath, readPending } from './pending';

/**
 * On the sign-up page: once the new account exists (signed in) and a booking was started before it,
 * the way back to the same slot. The label comes from the server (Booking.pendingTitle), so the
 * page's client messages stay as they are.
 */
export function PendingBookingLink({ label }: { label: string }) {
  const { token } = useAuthState();
  // Read once in the browser; shown only once signed in, which never happens before hydration.
  const [tutorId] = useState<number | null>(() => (typeof window === 'undefined' ? null : (readPending()?.tutorId ?? null)));
  if (!token || tutorId === null) return null;
  return (
    <p className="mt-6 text-center">
      <Link href={bookingPath(tutorId)} className="inline-block rounded-xl bg-brand-dark px-5 py-3 font-medium text-white hover:bg-[#005a9c]">
        {label}
      </Link>
    </p>
  );
}
