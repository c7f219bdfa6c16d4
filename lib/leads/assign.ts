import 'server-only';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { leadEvents, leads, staff } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { mailAssignee } from './lead-mail';

/** Enrolled, enabled staff who sell (the sales scope, or admin, which includes it). */
const canSell = and(isNotNull(staff.enrolledAt), isNull(staff.disabledAt), sql`(${staff.scopes} @> '["sales"]'::jsonb or ${staff.scopes} @> '["admin"]'::jsonb)`);
/** Who takes leads round-robin: the sales scope itself, on duty. */
export const onDutySales = and(isNotNull(staff.enrolledAt), isNull(staff.disabledAt), eq(staff.onDuty, true), sql`${staff.scopes} @> '["sales"]'::jsonb`);

/** Who a lead can be given to (the assignee select). */
export async function salesAssignees(db: Db) {
  return db.select({ id: staff.id, name: staff.name, onDuty: staff.onDuty }).from(staff).where(canSell).orderBy(asc(staff.name));
}

/**
 * Gives a lead to a member (any who sells; `me` is the caller), or to nobody. A history row and an
 * audit row; the member's round-robin turn counts it, so hand-given leads even out the load too.
 */
export async function assignLead(db: Db, actor: Actor, id: number, to: number | 'me' | null, now = new Date()) {
  const assigneeId = to === 'me' ? actor.id : to;
  return transaction(db, async (tx) => {
    const [before] = await tx.select({ assigneeId: leads.assigneeId }).from(leads).where(eq(leads.id, id)).for('update').limit(1);
    if (!before) throw new ApiError(404, 'not_found');
    if (assigneeId !== null) {
      const [member] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.id, assigneeId), canSell)).limit(1);
      if (!member) throw new ApiError(422, 'validation_failed', { assigneeId: 'invalid_value' });
    }
    if (before.assigneeId === assigneeId) return { id, assigneeId };
    await tx.update(leads).set({ assigneeId, updatedAt: now }).where(eq(leads.id, id));
    if (assigneeId !== null) await tx.update(staff).set({ lastAssignedAt: now }).where(eq(staff.id, assigneeId));
    await tx.insert(leadEvents).values({
      leadId: id,
      staffId: actor.id,
      type: 'assign',
      fromValue: before.assigneeId === null ? null : String(before.assigneeId),
      toValue: assigneeId === null ? null : String(assigneeId),
      createdAt: now,
    });
    await audit(tx, actor, { action: 'lead.assign', entity: 'lead', entityId: id, before: { assigneeId: before.assigneeId }, after: { assigneeId } });
    // The new owner is told (not when one takes a lead oneself).
    if (assigneeId !== null && assigneeId !== actor.id) await mailAssignee(tx, id, assigneeId);
    return { id, assigneeId };
  });
}

const SYSTEM: Actor = { kind: 'system', id: null, label: 'round-robin', ipHash: null };

/**
 * Round-robin: a new lead goes to the on-duty sales member assigned least recently (never assigned
 * first). Nobody on duty: it stays unassigned. Called after the lead is stored, so a failure here
 * never costs a lead.
 */
export async function autoAssign(db: Db, leadId: number, now = new Date()): Promise<number | null> {
  return transaction(db, async (tx) => {
    const turn = () => tx.select({ id: staff.id }).from(staff).where(onDutySales).orderBy(sql`${staff.lastAssignedAt} asc nulls first`, asc(staff.id)).limit(1);
    // Two leads arriving together go to two people (the first's member is locked); with one on duty, the second waits.
    let [next] = await turn().for('update', { skipLocked: true });
    if (!next) [next] = await turn().for('update');
    if (!next) return null;
    const [updated] = await tx
      .update(leads)
      .set({ assigneeId: next.id })
      .where(and(eq(leads.id, leadId), isNull(leads.assigneeId)))
      .returning({ id: leads.id });
    if (!updated) return null;
    await tx.update(staff).set({ lastAssignedAt: now }).where(eq(staff.id, next.id));
    await tx.insert(leadEvents).values({ leadId, staffId: null, type: 'assign', fromValue: null, toValue: String(next.id), createdAt: now });
    await audit(tx, SYSTEM, { action: 'lead.assign', entity: 'lead', entityId: leadId, before: { assigneeId: null }, after: { assigneeId: next.id, by: 'round-robin' } });
    await mailAssignee(tx, leadId, next.id);
    return next.id;
  });
}
