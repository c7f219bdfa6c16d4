// GET /api/cabinet/earnings/{month} - the signed-in tutor (bearer): one month's statement lesson by lesson (date, the student's initials, price, fee, earning), YYYY-MM within the last 12 months; 403 for a student, 422 for another month.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { tutorStatementLessons } from '@/lib/payments/cabinet';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  if (user.role !== 'tutor') throw new ApiError(403, 'forbidden');
  return tutorStatementLessons(ctx.db, user.id, String(ctx.params.month ?? ''));
});
