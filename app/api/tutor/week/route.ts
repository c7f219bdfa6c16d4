// GET /api/tutor/week?week=YYYY-MM-DD - the signed-in tutor's (bearer) week, Monday to Sunday in
// Almaty time, of the given date (default: this week): each day's available ranges and lessons.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { hasUserScope } from '@/lib/auth/scope';
import { tutorWeek } from '@/lib/lessons/booking';
import { addDays, isoWeekday } from '@/lib/time/calendar';
import { schoolDate } from '@/lib/time/school-zone';
import { weekQuery } from '@/lib/validations/booking';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  if (!hasUserScope(user.scope, 'tutor')) throw new ApiError(403, 'forbidden');
  const { week } = ctx.query(weekQuery);
  const day = week ?? schoolDate(new Date());
  const monday = addDays(day, 1 - isoWeekday(day));
  return { ...(await tutorWeek(ctx.db, user.id, monday)), today: schoolDate(new Date()) };
});
