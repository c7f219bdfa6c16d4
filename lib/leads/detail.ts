import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { leadEvents, leads, staff, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { callbackState } from './deadline';

/**
 * Everything stored about a lead, the account registered with the same phone (if any) and its
 * history with who and when. The phone is shown whole, so the view is written to the audit log.
 */
export async function leadDetail(db: Db, actor: Actor, id: number, now = new Date()) {
  const [row] = await db
    .select({ lead: leads, assigneeName: staff.name })
    .from(leads)
    .leftJoin(staff, eq(staff.id, leads.assigneeId))
    .where(eq(leads.id, id))
    .limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  // The address hash is for rate limits and abuse, not for sales (undefined: left out of the JSON).
  const lead = { ...row.lead, ipHash: undefined };
  const [[account], history] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, lastname: users.lastname, role: users.role, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.phone, lead.phone))
      .limit(1),
    db
      .select({
        id: leadEvents.id,
        type: leadEvents.type,
        from: leadEvents.fromValue,
        to: leadEvents.toValue,
        note: leadEvents.note,
        at: leadEvents.createdAt,
        staffId: leadEvents.staffId,
        staffName: staff.name,
      })
      .from(leadEvents)
      .leftJoin(staff, eq(staff.id, leadEvents.staffId))
      .where(eq(leadEvents.leadId, id))
      .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id)),
  ]);
  // Assignments keep staff ids: their names as they are now.
  const ids = [...new Set(history.filter((e) => e.type === 'assign').flatMap((e) => [e.from, e.to]).filter((v): v is string => !!v).map(Number))];
  const names = new Map(ids.length ? (await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids))).map((s) => [String(s.id), s.name]) : []);
  const label = (v: string | null) => (v ? (names.get(v) ?? `#${v}`) : null);
  await audit(db, actor, { action: 'lead.view', entity: 'lead', entityId: id });
  return {
    lead: { ...lead, assigneeName: row.assigneeName, callback: callbackState(lead, now) },
    account: account ?? null,
    history: history.map((e) => (e.type === 'assign' ? { ...e, from: label(e.from), to: label(e.to) } : e)),
  };
}
export type LeadDetail = Awaited<ReturnType<typeof leadDetail>>;
