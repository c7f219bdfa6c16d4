// GET /api/cabinet/progress - the signed-in student's (bearer) lesson reports, oldest first: the progress chart's points.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentProgress } from '@/lib/lesson-room/report';

export const GET = route(async (ctx) => studentProgress(ctx.db, await requireUser(ctx.db, ctx.req)));
