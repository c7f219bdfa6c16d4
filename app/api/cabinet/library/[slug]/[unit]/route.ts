// GET /api/cabinet/library/{slug}/{unit} - a tutor (bearer): the unit's latest published version, each step as students get it and each exercise's key. 403 for anyone else.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { tutorUnit } from '@/lib/library/browse';
import { unitParams } from '@/lib/library/study-http';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { slug, key } = unitParams(ctx.params);
  return tutorUnit(ctx.db, user, slug, key);
});
