import 'server-only';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

export interface Actor {
  kind: 'staff' | 'company' | 'system';
  id: number | null;
  label: string | null;
  ipHash: string | null;
}

export interface AuditEntry {
  /** A verb in the past: 'lead.status', 'lead.export', 'staff.invite', 'attempt.annul', 'account.view'… */
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one audit row. Call it in the same transaction as the change it records (pass the
 * transaction as `db`), so a change is never made without its row. The table refuses UPDATE,
 * DELETE and TRUNCATE (migration 0006).
 */
export async function audit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    actorId: actor.id,
    actorLabel: actor.label,
    ipHash: actor.ipHash,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A filter as the audit log keeps it: only what was set (no first page, no page size). */
export const filterForAudit = (f: object) =>
  Object.fromEntries(Object.entries(f).filter(([k, v]) => v !== undefined && v !== null && v !== '' && !(k === 'page' && v === 1) && k !== 'pageSize'));

/**
 * A view of a list that shows personal data (names, masked or whole phones, IINs): one row with
 * the filter and how many records matched, as `lead.list` does for leads.
 */
export async function auditListView(db: Db, actor: Actor, entry: { action: string; entity: string; entityId?: string | number | null; filter?: object; total: number }): Promise<void> {
  await audit(db, actor, { action: entry.action, entity: entry.entity, entityId: entry.entityId, after: { filter: filterForAudit(entry.filter ?? {}), total: entry.total } });
}

export interface AuditFilter {
  actorId?: number;
  /** Whose id `actorId` is (staff and HR people are numbered apart): staff unless said. */
  actorKind?: 'staff' | 'company';
  action?: string;
  entity?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
  page?: number;
  pageSize?: number;
}

/** Newest first, filtered, paginated on the server. */
export async function listAudit(db: Db, f: AuditFilter) {
  const where: SQL[] = [];
  if (f.actorId) where.push(eq(auditLog.actorId, f.actorId), eq(auditLog.actorKind, f.actorKind ?? 'staff'));
  if (f.action) where.push(sql`${auditLog.action} like ${`${f.action.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.entityId) where.push(eq(auditLog.entityId, f.entityId));
  if (f.from) where.push(gte(auditLog.createdAt, f.from));
  if (f.to) where.push(lt(auditLog.createdAt, f.to));
  const pageSize = Math.min(Math.max(f.pageSize ?? 50, 1), 200);
  const page = Math.max(f.page ?? 1, 1);
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(auditLog).where(cond).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(cond),
  ]);
  return { rows, total: count?.n ?? 0, page, pageSize };
}
