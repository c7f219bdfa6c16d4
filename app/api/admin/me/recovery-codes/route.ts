import { staffRoute } from '@/lib/staff/http';
import { regenerateOwnRecoveryCodes } from '@/lib/staff/self';
import { staffRecoverySchema } from '@/lib/validations/staff';

// POST /api/admin/me/recovery-codes - ten new recovery codes for oneself (the app's code needed), shown once
export const POST = staffRoute(['admin', 'sales', 'reviewer'], async ({ db, body, staff, actor }) => ({
  recoveryCodes: await regenerateOwnRecoveryCodes(db, staff, actor, await body(staffRecoverySchema)),
}));
