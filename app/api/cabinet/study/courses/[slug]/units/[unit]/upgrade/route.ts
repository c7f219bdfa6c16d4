// POST /api/cabinet/study/courses/{slug}/units/{unit}/upgrade - moves the signed-in student (bearer) to the unit's newest published version, keeping the steps they did.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { upgradeStudyUnit } from '@/lib/library/study';
import { unitParams } from '@/lib/library/study-http';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { slug, key } = unitParams(ctx.params);
  return { progress: await upgradeStudyUnit(ctx.db, user.id, slug, key, new Date()) };
});
