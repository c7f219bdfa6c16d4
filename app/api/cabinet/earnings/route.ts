// GET /api/cabinet/earnings - the signed-in tutor (bearer): their plan, its platform fee, what they earn per held lesson at their price, and this month so far (lessons and earning, from the ledger); 403 for a student.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { tutorEarnings } from '@/lib/payments/cabinet';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  if (user.role !== 'tutor') throw new ApiError(403, 'forbidden');
  return tutorEarnings(ctx.db, user.id);
});
