// GET /api/cabinet/library/{slug} - a tutor (bearer): a published course and its units in order. 403 for anyone else, 404 for no such course.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { tutorCourse } from '@/lib/library/browse';
import { unitParams } from '@/lib/library/study-http';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return tutorCourse(ctx.db, user, unitParams(ctx.params).slug);
});
