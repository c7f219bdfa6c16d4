'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { authGeneration, useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { CABINET_GROUPS_PATH } from '@/components/cabinet/anchors';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';

export type SeatStatus = 'held' | 'paid';

// One question per page and account (every card of the list shares it), asked again on another
// page: a seat left or paid meanwhile shows the next time a page asks.
let asked: { key: string; seats: Promise<{ groupId: number; status: SeatStatus }[]> } | null = null;

function mySeats() {
  const key = `${authGeneration()} ${window.location.pathname}${window.location.search}`;
  if (asked?.key !== key) {
    const seats = import('@/lib/browser/api/client')
      .then(({ api }) => api.get<{ seats: { groupId: number; status: SeatStatus }[] }>('/api/cabinet/groups/seats'))
      .then(
        (res) => res.data.seats,
        () => [],
      );
    asked = { key, seats };
  }
  return asked.seats;
}

/**
 * The signed-in student's seat in a group (paid, or held while paying or offered by the waitlist),
 * or null: signed out (no call at all without the session's marker cookie), no seat, or not known yet.
 * The public group pages are the same for everyone; only this island asks who is looking.
 */
export function useGroupSeat(groupId: number): SeatStatus | null {
  const { token } = useAuthState();
  const [seat, setSeat] = useState<{ groupId: number; status: SeatStatus | null } | null>(null);

  useEffect(() => {
    void restoreSession();
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void mySeats().then((seats) => {
      if (live) setSeat({ groupId, status: seats.find((s) => s.groupId === groupId)?.status ?? null });
    });
    return () => {
      live = false;
    };
  }, [token, groupId]);

  return token && seat?.groupId === groupId ? seat.status : null;
}

/**
 * A group page's action: the way to join (`children`, rendered on the server for everyone) or, for a
 * student who has a seat in the group, that they are in it and where it lives: the cabinet's "My
 * groups" (and, for a held seat, the way to pay for it).
 */
export function GroupSeatAction({ groupId, payHref, texts, children }: { groupId: number; payHref: string; texts: { paid: string; held: string; pay: string; cabinet: string }; children: ReactNode }) {
  const status = useGroupSeat(groupId);
  if (!status) return <>{children}</>;
  return (
    <div className="rounded-2xl border border-brand-dark bg-brand-tint/40 p-5" data-testid="group-seat" data-status={status}>
      <p className="font-semibold">{status === 'paid' ? texts.paid : texts.held}</p>
      <p className="mt-3 flex flex-wrap gap-3">
        {status === 'held' && (
          // A whole page load: the checkout's own policy lets the bank's script in (this page's does not).
          <a href={payHref} className={`${primaryClass} inline-flex min-h-11 items-center`}>
            {texts.pay}
          </a>
        )}
        <Link href={CABINET_GROUPS_PATH} className={`${status === 'held' ? secondaryClass : primaryClass} inline-flex min-h-11 items-center`} data-testid="group-seat-cabinet">
          {texts.cabinet}
        </Link>
      </p>
    </div>
  );
}

/** A card's note in the public list: nothing, or that the student has a seat in this group. */
export function GroupSeatBadge({ groupId, texts }: { groupId: number; texts: { paid: string; held: string } }) {
  const status = useGroupSeat(groupId);
  if (!status) return null;
  return (
    <p className="rounded-lg bg-brand-tint px-3 py-1 text-sm font-semibold text-brand-dark" data-testid="group-card-seat" data-status={status}>
      {status === 'paid' ? texts.paid : texts.held}
    </p>
  );
}
