// GET /api/cabinet/groups/seats - the signed-in user (bearer): a student's live seats ({groupId, status: paid | held}), for the public group pages' "you are in this group"; a tutor has none.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentSeats } from '@/lib/groups/catalogue';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return { seats: user.role === 'tutor' ? [] : await studentSeats(ctx.db, user.id) };
});
