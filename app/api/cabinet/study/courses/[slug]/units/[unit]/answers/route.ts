// POST /api/cabinet/study/courses/{slug}/units/{unit}/answers - { stepId, answer }: checked on the server and stored; answers the verdict (with the key only now) and the unit's progress.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { answerStudyStep } from '@/lib/library/study';
import { unitParams } from '@/lib/library/study-http';
import { studyAnswerSchema } from '@/lib/validations/study';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { slug, key } = unitParams(ctx.params);
  const { stepId, answer } = await ctx.body(studyAnswerSchema);
  return answerStudyStep(ctx.db, user.id, slug, key, stepId, answer, new Date());
});
