// GET /api/lessons/{id}/room/library/{slug}/{unit} - the lesson's tutor (bearer), at any time: a published unit as students get it (publicStep, no key) to open on the room's board, and the student's language. 403 for the student and anyone else; 404 for a bad id, an unpublished or missing unit.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { boardUnit } from '@/lib/lesson-room/board-unit';
import { unitParams } from '@/lib/library/study-http';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const lessonId = idParam(ctx.params);
  const { slug, key } = unitParams(ctx.params);
  return boardUnit(ctx.db, user, lessonId, slug, key);
});
