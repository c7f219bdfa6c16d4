// PUT /api/admin/groups/tutors/[id] {teachesGroups} - whether an approved tutor teaches groups (only such a tutor is given one) (audited: group.tutor). Sales.
import { idParam } from '@/lib/api/params';
import { setTeachesGroups } from '@/lib/groups/admin';
import { staffRoute } from '@/lib/staff/http';
import { teachesGroupsSchema } from '@/lib/validations/groups';

export const PUT = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { teachesGroups } = await body(teachesGroupsSchema);
  await setTeachesGroups(db, actor, id, teachesGroups);
  return { tutorId: id, teachesGroups };
});
