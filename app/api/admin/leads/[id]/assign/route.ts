// POST /api/admin/leads/{id}/assign - {assigneeId: id | 'me' | null}.
import { idParam } from '@/lib/api/params';
import { assignLead } from '@/lib/leads/assign';
import { staffRoute } from '@/lib/staff/http';
import { leadAssignSchema } from '@/lib/validations/leads-admin';

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  return assignLead(db, actor, id, (await body(leadAssignSchema)).assigneeId);
});
