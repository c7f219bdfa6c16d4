import 'server-only';
// Where the school pays a tutor (docs/payments.md, "Payouts"): the tutor's Kazakh IBAN and IIN,
// sealed at rest and shown masked; opened only for the payout register's bank file.
import { inArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { open, seal } from '@/lib/crypto/secret-box';
import { tutorPayoutDetails } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';

const PURPOSE = 'tutor-payout-details';

export interface PayoutDetailsView {
  /** "KZ•• •••• •••• •••• 1234": the country, then only the last four characters. */
  iban: string;
  iinLast4: string;
  updatedAt: string;
}

const masked = (last4: string) => `KZ•• •••• •••• •••• ${last4}`;

function tutorOnly(user: { role: string }) {
  if (user.role !== 'tutor') throw new ApiError(403, 'forbidden');
}

/** The tutor's own details, masked, or null when not given yet. */
export async function payoutDetailsOf(db: Db, user: { id: number; role: string }): Promise<PayoutDetailsView | null> {
  tutorOnly(user);
  const [row] = await db.select().from(tutorPayoutDetails).where(sql`${tutorPayoutDetails.tutorId} = ${user.id}`).limit(1);
  return row ? { iban: masked(row.ibanLast4), iinLast4: row.iinLast4, updatedAt: row.updatedAt.toISOString() } : null;
}

/** Saves (or replaces) the tutor's details: sealed, the last four characters kept to show. */
export async function savePayoutDetails(db: Db, user: { id: number; role: string }, input: { iban: string; iin: string }): Promise<PayoutDetailsView> {
  tutorOnly(user);
  const secret = appSecret();
  const now = new Date();
  const values = { ibanSealed: seal(input.iban, secret, PURPOSE), ibanLast4: input.iban.slice(-4), iinSealed: seal(input.iin, secret, PURPOSE), iinLast4: input.iin.slice(-4), updatedAt: now };
  await db
    .insert(tutorPayoutDetails)
    .values({ tutorId: user.id, ...values })
    .onConflictDoUpdate({ target: tutorPayoutDetails.tutorId, set: values });
  return { iban: masked(values.ibanLast4), iinLast4: values.iinLast4, updatedAt: now.toISOString() };
}

/** The tutors' details opened, for the bank file of an approved register (its download is audited). */
export async function payoutAccounts(db: Db, tutorIds: number[]): Promise<Map<number, { iban: string; iin: string }>> {
  if (!tutorIds.length) return new Map();
  const secret = appSecret();
  const rows = await db.select().from(tutorPayoutDetails).where(inArray(tutorPayoutDetails.tutorId, tutorIds));
  return new Map(rows.map((r) => [r.tutorId, { iban: open(r.ibanSealed, secret, PURPOSE), iin: open(r.iinSealed, secret, PURPOSE) }]));
}
