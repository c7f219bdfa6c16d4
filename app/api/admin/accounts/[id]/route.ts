// GET /api/admin/accounts/[id] - one account: profile, leads, tests, sessions, application (audit: account.view).
import { accountDetail } from '@/lib/accounts-admin/detail';
import { ApiError } from '@/lib/api/errors';
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';

export const GET = staffRoute('sales', async ({ db, actor, params }) => {
  const detail = await accountDetail(db, actor, idParam(params));
  if (!detail) throw new ApiError(404, 'not_found');
  return detail;
});
