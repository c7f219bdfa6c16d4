import { staffRoute } from '@/lib/staff/http';
import { STAFF_SCOPE_LIST } from '@/lib/validations/staff-scopes';
import { changeOwnPassword } from '@/lib/staff/self';
import { staffPasswordChangeSchema } from '@/lib/validations/staff';

// POST /api/admin/me/password - one's own password (current password + the app's code); other sessions end
export const POST = staffRoute(STAFF_SCOPE_LIST, async ({ db, body, staff, actor }) => {
  const input = await body(staffPasswordChangeSchema);
  return { ok: true, ...(await changeOwnPassword(db, staff, actor, input)) };
});
