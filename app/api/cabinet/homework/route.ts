// GET /api/cabinet/homework - the signed-in student (bearer): their homework from the library, what is to do first, with the tutor's checks; a tutor: the units they assigned, by student, with the results and the written and spoken answers to check. 403 for anyone else.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { cabinetHomework } from '@/lib/library/homework';

export const GET = route(async (ctx) => cabinetHomework(ctx.db, await requireUser(ctx.db, ctx.req), new Date()));
