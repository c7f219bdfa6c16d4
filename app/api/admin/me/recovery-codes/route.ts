import { staffRoute } from '@/lib/staff/http';
import { STAFF_SCOPE_LIST } from '@/lib/validations/staff-scopes';
import { regenerateOwnRecoveryCodes } from '@/lib/staff/self';
import { staffRecoverySchema } from '@/lib/validations/staff';

// POST /api/admin/me/recovery-codes - ten new recovery codes for oneself (the app's code needed), shown once
export const POST = staffRoute(STAFF_SCOPE_LIST, async ({ db, body, staff, actor }) => ({
  recoveryCodes: await regenerateOwnRecoveryCodes(db, staff, actor, await body(staffRecoverySchema)),
}));
