import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { companies, companyEmployees, companyInvitations, kazakhTestTakers, testAttempts } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { tokenHash } from '@/lib/crypto/opaque-token';
import { AlreadyTaken, bumpExposure, drawKazakh, loadAttempt, newAttempt, type AttemptView } from './attempts';

/**
 * The personal link to a company's Kazakh test (corporate portal invitations). The link's token is
 * the attempt's token too: the attempt row carries the token's SHA-256 in its UNIQUE token_hash,
 * so however many starts arrive through one link at once, the database keeps one attempt, and the
 * same link resumes it from any device. The taker is the invited employee: the IIN comes from the
 * roster (its keyed hash), never from the request, so the link cannot be used for another IIN.
 */

type UiLocale = 'ru' | 'kk' | 'en';
export type InvitationState = 'open' | 'started' | 'finished' | 'expired';

const TOKEN_RE = /^[\w-]{20,100}$/;

async function invitationRow(db: Db, token: string | null) {
  if (!token || !TOKEN_RE.test(token)) throw new ApiError(404, 'invitation_not_found');
  const [row] = await db
    .select({ inv: companyInvitations, employee: companyEmployees, company: { id: companies.id, slug: companies.slug, name: companies.name, active: companies.active } })
    .from(companyInvitations)
    .innerJoin(companyEmployees, eq(companyEmployees.id, companyInvitations.employeeId))
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, tokenHash(token)))
    .limit(1);
  if (!row || !row.company.active) throw new ApiError(404, 'invitation_not_found');
  return row;
}

/** What the link's page shows before anything is started: whose invitation, until when, and its state. */
export async function invitationInfo(db: Db, token: string | null, now = new Date()) {
  const { inv, employee, company } = await invitationRow(db, token);
  const [attempt] = await db.select({ status: testAttempts.status }).from(testAttempts).where(eq(testAttempts.tokenHash, inv.tokenHash)).limit(1);
  const state: InvitationState = attempt ? (attempt.status === 'finished' ? 'finished' : 'started') : inv.deadline <= now ? 'expired' : 'open';
  return {
    state,
    firstName: employee.firstName,
    lastName: employee.lastName,
    company: { slug: company.slug, name: company.name },
    deadline: inv.deadline.toISOString(),
  };
}

/**
 * Starts (or, when it was started already, returns) the test behind the link → {token, test}.
 * The invitation row is locked and marked started first (a reminder that would replace the token
 * waits on that lock and then sees `started_at`); the attempt insert relies on the UNIQUE
 * token_hash, not on a look-up before it. After the deadline a link that was not used is refused.
 */
export async function startByInvitation(
  db: Db,
  token: string | null,
  input: { consent: string },
  opts: { userId?: number | null; locale: UiLocale; now?: Date },
): Promise<{ token: string; view: AttemptView }> {
  const now = opts.now ?? new Date();
  const { inv } = await invitationRow(db, token);
  const tokenHash = inv.tokenHash;
  const [existing] = await db.select({ id: testAttempts.id }).from(testAttempts).where(eq(testAttempts.tokenHash, tokenHash)).limit(1);
  if (existing) return { token: token!, view: await loadAttempt(db, token, opts.locale) };
  if (inv.deadline <= now) throw new ApiError(410, 'invitation_expired');
  try {
    await transaction(db, async (tx) => {
      const [locked] = await tx
        .update(companyInvitations)
        .set({ startedAt: sql`coalesce(${companyInvitations.startedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(companyInvitations.tokenHash, tokenHash))
        .returning();
      // Replaced meanwhile by a re-send or a reminder: this link no longer works.
      if (!locked) throw new ApiError(404, 'invitation_not_found');
      const [employee] = await tx.select().from(companyEmployees).where(and(eq(companyEmployees.id, locked.employeeId), eq(companyEmployees.companyId, locked.companyId))).limit(1);
      if (!employee) throw new ApiError(404, 'invitation_not_found');
      const seed = randomBytes(12).toString('base64url');
      const items = await drawKazakh(tx, seed);
      const [attempt] = await tx
        .insert(testAttempts)
        .values(newAttempt('kazakh', tokenHash, locked.companyId, { userId: opts.userId ?? null, locale: opts.locale }, { seed, items }))
        .onConflictDoNothing({ target: testAttempts.tokenHash })
        .returning();
      // Another start through this link won: its attempt is the one.
      if (!attempt) return;
      const taken = await tx
        .insert(kazakhTestTakers)
        .values({
          iinHash: employee.iinHash,
          iinLast4: employee.iinLast4,
          firstName: employee.firstName,
          lastName: employee.lastName,
          workerCode: employee.positionCode,
          companyId: locked.companyId,
          attemptId: attempt.id,
          consentVersion: input.consent,
          consentAt: now,
          // The IIN and names come from the roster: the certificate says so.
          identityChecked: true,
        })
        .onConflictDoNothing()
        .returning({ id: kazakhTestTakers.id });
      if (taken.length === 0) throw new AlreadyTaken();
      await bumpExposure(tx, items);
    });
  } catch (err) {
    if (err instanceof AlreadyTaken) throw new ApiError(409, 'test_already_taken');
    throw err;
  }
  return { token: token!, view: await loadAttempt(db, token, opts.locale) };
}
