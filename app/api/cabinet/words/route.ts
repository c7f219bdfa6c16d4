// GET /api/cabinet/words?q= - the signed-in student's (bearer) dictionary: the words of every lesson, with the lesson each came from.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentDictionary } from '@/lib/lesson-room/dictionary';
import { searchParam } from '@/lib/validations/query';

const query = z.object({ q: searchParam });

export const GET = route(async (ctx) => studentDictionary(ctx.db, await requireUser(ctx.db, ctx.req), ctx.query(query).q));
