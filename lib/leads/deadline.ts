import type { LeadStatus } from '@/lib/validations/lead-pipeline';

/**
 * Where a callback stands against its one-hour promise: still due (minutes left), overdue (minutes
 * past), or answered in time or late (the first move out of `new` against the deadline).
 */
export type CallbackState =
  | { state: 'due'; minutes: number }
  | { state: 'overdue'; minutes: number }
  | { state: 'in_time' }
  | { state: 'late'; minutes: number };

export function callbackState(
  lead: { kind: string; status: LeadStatus; callbackDueAt: Date | null; contactedAt: Date | null },
  now: Date,
): CallbackState | null {
  if (lead.kind !== 'callback' || !lead.callbackDueAt) return null;
  const due = lead.callbackDueAt.getTime();
  if (lead.contactedAt) {
    const late = Math.ceil((lead.contactedAt.getTime() - due) / 60_000);
    return late > 0 ? { state: 'late', minutes: late } : { state: 'in_time' };
  }
  if (lead.status !== 'new') return null;
  const left = due - now.getTime();
  return left > 0 ? { state: 'due', minutes: Math.ceil(left / 60_000) } : { state: 'overdue', minutes: Math.max(1, Math.floor(-left / 60_000)) };
}
