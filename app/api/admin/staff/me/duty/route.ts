// PATCH /api/admin/staff/me/duty - {onDuty}: a sales member going on or off duty (round-robin follows it).
import { setOwnDuty } from '@/lib/leads/duty';
import { staffRoute } from '@/lib/staff/http';
import { dutySchema } from '@/lib/validations/leads-admin';

export const PATCH = staffRoute('sales', async ({ db, actor, staff, body }) => setOwnDuty(db, { ...actor, id: staff.id }, (await body(dutySchema)).onDuty));
