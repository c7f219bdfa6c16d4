// GET /api/lessons/{id}/homework - the lesson's tutor (bearer): the homework they gave its students, with the results and the answers to check (the room's homework panel). 403 for anyone else.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { roomHomework } from '@/lib/lesson-room/homework';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return roomHomework(ctx.db, user, idParam(ctx.params), new Date());
});
