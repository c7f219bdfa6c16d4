// POST /api/admin/groups/lessons/[id]/move {startsAt} - one group lesson rescheduled for everyone (the tutor free then), everyone told with the calendar event updated (audited: group.lesson_move). Sales.
import { idParam } from '@/lib/api/params';
import { moveGroupLesson } from '@/lib/groups/changes';
import { staffRoute } from '@/lib/staff/http';
import { groupLessonMoveSchema } from '@/lib/validations/groups';

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { startsAt } = await body(groupLessonMoveSchema);
  return { lesson: await moveGroupLesson(db, actor, id, startsAt) };
});
