// POST /api/lessons/{id}/report {covered, homework?, level, marks} - the lesson's tutor (bearer), after the start: files the report, or replaces it while it may be edited.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { fileReport } from '@/lib/lesson-room/report';
import { lessonReportSchema } from '@/lib/validations/lesson-report';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const id = idParam(ctx.params);
  return { report: await fileReport(ctx.db, user, id, await ctx.body(lessonReportSchema)) };
});
