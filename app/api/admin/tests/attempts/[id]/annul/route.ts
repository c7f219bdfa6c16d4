// POST /api/admin/tests/attempts/[id]/annul {reason} - annuls a Kazakh sitting: one retake allowed. Admins only.
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';
import { annulAttempt } from '@/lib/test-records/actions';
import { reasonSchema } from '@/lib/validations/query';

export const POST = staffRoute('admin', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(reasonSchema);
  return annulAttempt(db, actor, id, reason);
});
