// POST /api/lessons/{id}/reschedule {startsAt} - either side (bearer) moves the lesson to another free slot of the tutor, up to the deadline.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { rescheduleLesson } from '@/lib/lessons/booking';
import { rescheduleSchema } from '@/lib/validations/booking';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const id = idParam(ctx.params);
  const { startsAt } = await ctx.body(rescheduleSchema);
  const lesson = await rescheduleLesson(ctx.db, user, id, startsAt);
  return { lesson: { id: lesson.id, status: lesson.status, startsAt: lesson.startsAt.toISOString() } };
});
