// GET /api/cabinet/study/today - what the signed-in student (bearer) does today: the next unit to work on, the words due in the trainer, the streak.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studyToday } from '@/lib/library/today';

export const GET = route(async (ctx) => studyToday(ctx.db, (await requireUser(ctx.db, ctx.req)).id, new Date()));
