// PUT /api/admin/library/courses/[id]/units/order {keys} - the units in a new order (audited: library.unit_order). Methodologist.
import { idParam } from '@/lib/api/params';
import { reorderUnits } from '@/lib/library/authoring';
import { unitOrderSchema } from '@/lib/library/input';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const PUT = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { keys } = await body(unitOrderSchema);
  return reorderUnits(db, actor, id, keys, new Date());
});
