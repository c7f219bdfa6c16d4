// POST /api/lessons/{id}/cancel {} - either side (bearer) cancels up to the deadline; later 409 cancel_too_late. The other side is told at once.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { cancelLesson } from '@/lib/lessons/booking';
import { cancelSchema } from '@/lib/validations/booking';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const id = idParam(ctx.params);
  await ctx.body(cancelSchema);
  const lesson = await cancelLesson(ctx.db, user, id);
  return { lesson: { id: lesson.id, status: lesson.status } };
});
