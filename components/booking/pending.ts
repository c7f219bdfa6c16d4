// The booking a visitor started before signing in or registering: kept in sessionStorage (this tab
// only) with its hold token, so the same slot is offered again when they come back.
const KEY = 'tilmen:pending-booking';

export interface PendingBooking {
  tutorId: number;
  startsAt: string;
  subject: string;
  /** Null when the slot could not be held (the tutor had too many visitors' holds): booked if still free. */
  holdToken: string | null;
  expiresAt: string | null;
  idempotencyKey: string;
}

export function savePending(p: PendingBooking): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // Storage off: the visitor picks the slot again after signing in.
  }
}

export function readPending(): PendingBooking | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const p = raw ? (JSON.parse(raw) as Partial<PendingBooking>) : null;
    if (!p || typeof p.tutorId !== 'number' || typeof p.startsAt !== 'string' || (typeof p.holdToken !== 'string' && p.holdToken !== null)) return null;
    return p as PendingBooking;
  } catch {
    return null;
  }
}

export function clearPending(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/** The booking page of a tutor, for the way back (a path without the locale prefix). */
export const bookingPath = (tutorId: number) => `/book/${tutorId}`;

/** A fresh idempotency key for one booking attempt (kept across its retries). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
