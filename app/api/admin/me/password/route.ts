import { staffRoute } from '@/lib/staff/http';
import { changeOwnPassword } from '@/lib/staff/self';
import { staffPasswordChangeSchema } from '@/lib/validations/staff';

// POST /api/admin/me/password - one's own password (current password + the app's code); other sessions end
export const POST = staffRoute(['admin', 'sales', 'reviewer'], async ({ db, body, staff, actor }) => {
  const input = await body(staffPasswordChangeSchema);
  return { ok: true, ...(await changeOwnPassword(db, staff, actor, input)) };
});
