import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { leadEvents, leads } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';

/** A note in the lead's history (free text, up to 2000 characters), with who and when. */
export async function addLeadNote(db: Db, actor: Actor, id: number, text: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id)).limit(1);
    if (!lead) throw new ApiError(404, 'not_found');
    const [event] = await tx.insert(leadEvents).values({ leadId: id, staffId: actor.id, type: 'note', note: text, createdAt: now }).returning({ id: leadEvents.id });
    await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, id));
    await audit(tx, actor, { action: 'lead.note', entity: 'lead', entityId: id, after: { note: text } });
    return { id: event!.id };
  });
}
