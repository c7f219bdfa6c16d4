import { idParam } from '@/lib/api/params';
import { updateStaff } from '@/lib/staff/accounts';
import { staffRoute } from '@/lib/staff/http';
import { staffPatchSchema } from '@/lib/validations/staff';

/** Scopes, duty, name, disabling (which ends the member's sessions at once). */
export const PATCH = staffRoute('admin', async ({ db, body, actor, params }) => updateStaff(db, actor, idParam(params), await body(staffPatchSchema)));
