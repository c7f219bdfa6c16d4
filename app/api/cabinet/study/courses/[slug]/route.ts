// GET /api/cabinet/study/courses/{slug} - a published course's units with the signed-in student's (bearer) progress in each.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentCourse } from '@/lib/library/study';
import { unitParams } from '@/lib/library/study-http';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return studentCourse(ctx.db, user.id, unitParams(ctx.params).slug);
});
