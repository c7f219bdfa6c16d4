// GET /api/lessons - the signed-in user's (bearer) lessons: {upcoming, past}, as student or as tutor.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { listLessons } from '@/lib/lessons/booking';

export const GET = route(async (ctx) => listLessons(ctx.db, await requireUser(ctx.db, ctx.req), new Date(), ctx.locale));
