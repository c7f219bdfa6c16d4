// POST /api/admin/certificates/[id]/revoke {reason} - the public page then says revoked. Admins only.
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';
import { revokeCertificate } from '@/lib/test-records/actions';
import { reasonSchema } from '@/lib/validations/query';

export const POST = staffRoute('admin', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(reasonSchema);
  return revokeCertificate(db, actor, id, reason);
});
