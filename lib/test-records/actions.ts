import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { certificates, kazakhTestTakers, testAttempts } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';

/**
 * Annuls a Kazakh sitting (a broken laptop, a power cut): the attempt and its taker row are marked,
 * and its certificate, if any, is revoked with the same reason, all in one transaction. The taker
 * row leaves the partial UNIQUE index on the IIN hash (annulled_at is null), so exactly one new
 * sitting can start with that IIN; the sitting itself accepts no more answers.
 */
export async function annulAttempt(db: Db, actor: Actor, attemptId: number, reason: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const [attempt] = await tx.select().from(testAttempts).where(eq(testAttempts.id, attemptId)).for('update').limit(1);
    if (!attempt || attempt.kind !== 'kazakh') throw new ApiError(404, 'not_found');
    if (attempt.annulledAt) throw new ApiError(409, 'conflict');
    await tx.update(testAttempts).set({ annulledAt: now, annulReason: reason, annulledBy: actor.id }).where(eq(testAttempts.id, attemptId));
    await tx.update(kazakhTestTakers).set({ annulledAt: now }).where(eq(kazakhTestTakers.attemptId, attemptId));
    const [revoked] = await tx
      .update(certificates)
      .set({ revokedAt: now, revokeReason: reason })
      .where(and(eq(certificates.attemptId, attemptId), isNull(certificates.revokedAt)))
      .returning({ id: certificates.id, number: certificates.number });
    await audit(tx, actor, {
      action: 'attempt.annul',
      entity: 'test_attempt',
      entityId: attemptId,
      before: { annulled: false },
      after: { annulled: true, reason, certificate: revoked?.number ?? null },
    });
    if (revoked) {
      await audit(tx, actor, { action: 'certificate.revoke', entity: 'certificate', entityId: revoked.id, before: { revoked: false }, after: { revoked: true, reason, number: revoked.number, byAnnulment: attemptId } });
    }
    return { id: attemptId, annulledAt: now, certificateRevoked: revoked?.number ?? null };
  });
}

/** Revokes a certificate: /certificate/{number} then says so and when; its PDF is no longer served (410). */
export async function revokeCertificate(db: Db, actor: Actor, id: number, reason: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const [cert] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update').limit(1);
    if (!cert) throw new ApiError(404, 'not_found');
    if (cert.revokedAt) throw new ApiError(409, 'conflict');
    await tx.update(certificates).set({ revokedAt: now, revokeReason: reason }).where(eq(certificates.id, id));
    await audit(tx, actor, { action: 'certificate.revoke', entity: 'certificate', entityId: id, before: { revoked: false }, after: { revoked: true, reason, number: cert.number } });
    return { id, number: cert.number, revokedAt: now };
  });
}
