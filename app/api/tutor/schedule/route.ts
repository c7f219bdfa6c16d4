// GET /api/tutor/schedule - the signed-in tutor's (bearer) availability rules; {tutor: false} for anyone
//   else signed in (the cabinet asks for every account: a 403 would show a student a permission error).
// PUT /api/tutor/schedule {weekly, daysOff, minNoticeHours, horizonWeeks} - saves them (Asia/Almaty time).
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { hasUserScope } from '@/lib/auth/scope';
import { getSchedule, saveSchedule } from '@/lib/lessons/availability';
import { scheduleSchema } from '@/lib/validations/booking';
import type { NextRequest } from 'next/server';

type Db = Parameters<typeof requireUser>[0];

async function requireTutor(db: Db, req: NextRequest) {
  const user = await requireUser(db, req);
  if (!hasUserScope(user.scope, 'tutor')) throw new ApiError(403, 'forbidden');
  return user;
}

const answer = (s: Awaited<ReturnType<typeof getSchedule>>, bookable: boolean) => ({
  tutor: true as const,
  weekly: s.weekly,
  daysOff: s.daysOff,
  minNoticeHours: s.minNoticeHours,
  horizonWeeks: s.horizonWeeks,
  bookable,
});

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  if (!hasUserScope(user.scope, 'tutor')) return { tutor: false as const };
  return answer(await getSchedule(ctx.db, user.id), hasUserScope(user.scope, 'tutor:bookable'));
});

export const PUT = route(async (ctx) => {
  const user = await requireTutor(ctx.db, ctx.req);
  const input = await ctx.body(scheduleSchema);
  return answer(await saveSchedule(ctx.db, user.id, input), hasUserScope(user.scope, 'tutor:bookable'));
});
