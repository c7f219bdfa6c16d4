// POST /api/lessons/{id}/rate {rating: 1-5, comment?} - the student (bearer) rates a held lesson, once.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { rateLesson } from '@/lib/lessons/booking';
import { rateSchema } from '@/lib/validations/booking';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const id = idParam(ctx.params);
  const { rating, comment } = await ctx.body(rateSchema);
  const lesson = await rateLesson(ctx.db, user, id, rating, comment);
  return { lesson: { id: lesson.id, rating: lesson.rating } };
});
