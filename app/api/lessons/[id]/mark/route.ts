// POST /api/lessons/{id}/mark {outcome: held|not_held, noShow?: student|tutor|both, reason} - the tutor (bearer), after the start: a correction of the room's facts, with a reason.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { correctAttendance } from '@/lib/lessons/attendance';
import { markSchema } from '@/lib/validations/booking';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const id = idParam(ctx.params);
  const lesson = await correctAttendance(ctx.db, user, id, await ctx.body(markSchema));
  return { lesson: { id: lesson.id, status: lesson.status, noShow: lesson.noShow } };
});
