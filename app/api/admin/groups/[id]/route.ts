// PUT /api/admin/groups/[id] {group} - edits a group: anything while nobody holds a seat and it has not started (its lessons made again), else its description, seats and price for new seats (audited: group.update). Sales.
import { idParam } from '@/lib/api/params';
import { updateGroup } from '@/lib/groups/admin';
import { staffRoute } from '@/lib/staff/http';
import { groupSchema } from '@/lib/validations/groups';

export const PUT = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  return { group: await updateGroup(db, actor, id, await body(groupSchema)) };
});
