// POST /api/cabinet/homework/checks - a tutor (bearer) checks a written or spoken answer of homework they assigned: {answerId, correct, comment} → {check}; the student is e-mailed. 404 for an answer not of their homework, 409 homework_auto_checked for an exercise the server checks.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { checkHomeworkAnswer } from '@/lib/library/homework';
import { homeworkCheckSchema } from '@/lib/validations/homework';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return checkHomeworkAnswer(ctx.db, user, await ctx.body(homeworkCheckSchema), new Date());
});
