// PATCH /api/admin/companies/[id]/hr-users/[userId] - disable or enable an HR person, or send a new password link (admin only).
import { idParam } from '@/lib/api/params';
import { updateHrUser } from '@/lib/company-portal/accounts';
import { staffRoute } from '@/lib/staff/http';
import { hrUserPatchSchema } from '@/lib/validations/company-portal';

export const PATCH = staffRoute('admin', async ({ db, actor, params, body }) =>
  updateHrUser(db, actor, idParam(params), idParam(params, 'userId'), await body(hrUserPatchSchema)),
);
