// GET /api/cabinet/trainer - the signed-in student's (bearer) word trainer: the words due now (FSRS), how many, and the streak of days with a review.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { trainerToday } from '@/lib/library/today';

export const GET = route(async (ctx) => trainerToday(ctx.db, (await requireUser(ctx.db, ctx.req)).id, new Date()));
