import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { leadEvents, leads } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { canMove } from '@/lib/validations/lead-pipeline';
import type { LeadMove } from '@/lib/validations/leads-admin';

/**
 * Moves a lead along the pipeline. The move names the status the manager saw (`expected`): when
 * someone else moved the lead meanwhile, nothing changes and the answer is 409 `conflict`. The first
 * move out of `new` sets `contactedAt` (the callback promise is measured against it); `lost` needs a
 * reason, which any other status clears. Each move is a history row and an audit row.
 */
export async function moveLead(db: Db, actor: Actor, id: number, move: LeadMove, now = new Date()) {
  const lostReason = move.status === 'lost' ? move.lostReason! : null;
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select({ status: leads.status, lostReason: leads.lostReason, contactedAt: leads.contactedAt })
      .from(leads)
      .where(eq(leads.id, id))
      .for('update')
      .limit(1);
    if (!before) throw new ApiError(404, 'not_found');
    if (before.status !== move.expected) throw new ApiError(409, 'conflict');
    if (!canMove(before.status, move.status)) throw new ApiError(422, 'lead_move_invalid', { status: 'lead_move_invalid' });
    const [after] = await tx
      .update(leads)
      // The first move that means a call (contacted, trial, won) stamps the contact; closing a new
      // lead as lost without one does not, so it never counts as "called back in time".
      .set({ status: move.status, lostReason, contactedAt: move.status === 'lost' ? leads.contactedAt : sql`coalesce(${leads.contactedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(and(eq(leads.id, id), eq(leads.status, move.expected)))
      .returning({ status: leads.status, lostReason: leads.lostReason, contactedAt: leads.contactedAt });
    if (!after) throw new ApiError(409, 'conflict');
    await tx.insert(leadEvents).values({ leadId: id, staffId: actor.id, type: 'status', fromValue: before.status, toValue: move.status, note: lostReason, createdAt: now });
    await audit(tx, actor, {
      action: 'lead.status',
      entity: 'lead',
      entityId: id,
      before: { status: before.status, lostReason: before.lostReason },
      after: { status: after.status, lostReason: after.lostReason },
    });
    return { id, status: after.status, lostReason: after.lostReason, contactedAt: after.contactedAt };
  });
}
