// POST /api/admin/accounts/[id]/block {reason} - ends every session, refuses sign-in. Admins only.
import { blockAccount } from '@/lib/accounts-admin/block';
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';
import { reasonSchema } from '@/lib/validations/query';

export const POST = staffRoute('admin', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(reasonSchema);
  return blockAccount(db, actor, id, reason);
});
