// POST /api/admin/leads/{id}/status - {status, expected, lostReason?}: a pipeline move; 409 when the lead changed meanwhile.
import { idParam } from '@/lib/api/params';
import { moveLead } from '@/lib/leads/pipeline';
import { staffRoute } from '@/lib/staff/http';
import { leadMoveSchema } from '@/lib/validations/leads-admin';

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  return moveLead(db, actor, id, await body(leadMoveSchema));
});
