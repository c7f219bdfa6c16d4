// GET /api/cabinet/study/courses/{slug}/units/{unit} - the unit's steps as the signed-in student (bearer) may see them (publicStep: never a key), their progress, and the verdicts of the steps they answered.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studyUnit } from '@/lib/library/study';
import { unitParams } from '@/lib/library/study-http';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { slug, key } = unitParams(ctx.params);
  return studyUnit(ctx.db, user.id, slug, key);
});
