import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { audit, type Actor } from '@/lib/audit/log';
import { leads, staff } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { callbackState } from './deadline';
import { leadFilterSchema, leadWhere, type LeadFilter } from './filters';
import { maskPhone } from '@/lib/mask';

/** A row of the leads list: the phone masked (the detail shows it whole, and says so in the audit log). */
export async function listLeads(db: Db, f: LeadFilter, me: number, now = new Date()) {
  const where = leadWhere(f, me);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: leads.id,
        createdAt: leads.createdAt,
        kind: leads.kind,
        name: leads.name,
        phone: leads.phone,
        status: leads.status,
        locale: leads.locale,
        page: leads.page,
        utmSource: sql<string | null>`${f.touch === 'first' ? leads.utmFirst : leads.utmLast} ->> 'utm_source'`,
        assigneeId: leads.assigneeId,
        assigneeName: staff.name,
        callbackDueAt: leads.callbackDueAt,
        contactedAt: leads.contactedAt,
      })
      .from(leads)
      .leftJoin(staff, eq(staff.id, leads.assigneeId))
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(leads).where(where),
  ]);
  return {
    rows: rows.map(({ phone, ...r }) => ({ ...r, phone: maskPhone(phone), callback: callbackState(r, now) })),
    total: count?.n ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}
export type LeadListRow = Awaited<ReturnType<typeof listLeads>>['rows'][number];

/** The filter as the audit log keeps it: only what was set. */
export const filterForAudit = (f: LeadFilter) =>
  Object.fromEntries(Object.entries(f).filter(([k, v]) => v !== undefined && !(k === 'touch' && v === 'last') && !(k === 'page' && v === 1) && k !== 'pageSize'));

/** The list as staff see it: one `lead.list` audit row with the filter (the list shows names and partial phones). */
export async function viewLeadList(db: Db, actor: Actor, f: LeadFilter, now = new Date()) {
  const list = await listLeads(db, f, actor.id ?? 0, now);
  await audit(db, actor, { action: 'lead.list', entity: 'lead', after: { filter: filterForAudit(f), total: list.total } });
  return list;
}

/**
 * A list page's query as a filter: a value the schema refuses (a hand-edited URL) is dropped and
 * named, so the page still shows the list with the rest of the filter.
 */
export function leadFilterFromQuery(raw: Record<string, string | string[] | undefined>): { filter: LeadFilter; dropped: string[] } {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined) query[k] = value;
  }
  const dropped: string[] = [];
  for (let i = 0; i < 20; i++) {
    const parsed = leadFilterSchema.safeParse(query);
    if (parsed.success) return { filter: parsed.data, dropped };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key in query) {
        delete query[key];
        dropped.push(key);
      }
    }
  }
  return { filter: leadFilterSchema.parse({}), dropped };
}
