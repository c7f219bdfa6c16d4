// POST /api/lessons/{id}/mark {outcome: held|not_held, noShow?: student|tutor|both} - the tutor (bearer), after the start.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { markLesson } from '@/lib/marketplace/booking';
import { markSchema } from '@/lib/validations/booking';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const id = idParam(ctx.params);
  const { outcome, noShow } = await ctx.body(markSchema);
  const lesson = await markLesson(ctx.db, user, id, outcome, noShow);
  return { lesson: { id: lesson.id, status: lesson.status, noShow: lesson.noShow } };
});
