import 'server-only';
import { eq } from 'drizzle-orm';
import { addScope, removeScope, TUTOR_BOOKABLE } from '@/lib/auth/scope';
import { tutorApplications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/**
 * The marketplace's gate (issue 14): a tutor becomes bookable (`tutor tutor:bookable`) only with an
 * approved application. The marketplace calls this once the public profile is complete; it answers
 * false, and changes nothing, for anyone whose application is not approved. The new scope reaches
 * the tutor's access token at its next refresh (lib/auth/session.ts reads the stored scope).
 */
export async function grantBookable(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ scope: users.scope, status: tutorApplications.status })
    .from(users)
    .innerJoin(tutorApplications, eq(tutorApplications.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.status !== 'approved') return false;
  const scope = addScope(addScope(row.scope, 'tutor'), TUTOR_BOOKABLE);
  if (scope !== row.scope) await db.update(users).set({ scope }).where(eq(users.id, userId));
  return true;
}

/** Takes bookability away again (a profile no longer complete, a block): the `tutor` scope stays. */
export async function revokeBookable(db: Db, userId: number): Promise<void> {
  const [row] = await db.select({ scope: users.scope }).from(users).where(eq(users.id, userId)).limit(1);
  if (row && row.scope !== removeScope(row.scope, TUTOR_BOOKABLE)) await db.update(users).set({ scope: removeScope(row.scope, TUTOR_BOOKABLE) }).where(eq(users.id, userId));
}
