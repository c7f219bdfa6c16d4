// POST /api/lessons/{id}/report - the lesson's tutor (bearer), after the start: files the report, or replaces it while it may be edited. A one-on-one lesson: {covered, homework?, level, marks} → {report}; a group's lesson: {covered, homework?, students: [{studentId, level, marks}]} → {groupReport}.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { fileLessonReport } from '@/lib/lesson-room/report';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const id = idParam(ctx.params);
  return fileLessonReport(ctx.db, user, id, await ctx.body(z.unknown()));
});
