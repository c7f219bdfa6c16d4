import { listAudit } from '@/lib/audit/log';
import { staffRoute } from '@/lib/staff/http';
import { auditQuery } from '@/lib/validations/staff';

/** The audit log, newest first, filtered (admins only; there is no call that edits it). */
export const GET = staffRoute('admin', async ({ db, query }) => {
  const q = query(auditQuery);
  return listAudit(db, { actorId: q.actor, actorKind: q.actorKind, action: q.action, entity: q.entity, entityId: q.entityId, from: q.from, to: q.to, page: q.page, pageSize: q.pageSize });
});
