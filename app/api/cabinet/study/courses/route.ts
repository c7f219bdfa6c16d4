// GET /api/cabinet/study/courses - the signed-in student's (bearer) self-study courses: the published ones, those at their level first, with units started and completed.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentCourses } from '@/lib/library/study';

export const GET = route(async (ctx) => studentCourses(ctx.db, (await requireUser(ctx.db, ctx.req)).id));
