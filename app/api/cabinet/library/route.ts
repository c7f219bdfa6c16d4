// GET /api/cabinet/library?subject=&level= - a tutor (bearer): the published courses of the school's library, with their units' count. 403 for anyone else.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { tutorCourses } from '@/lib/library/browse';
import { LIBRARY_LEVELS, LIBRARY_SUBJECTS } from '@/lib/validations/library-rules';
import { param } from '@/lib/validations/query';

const query = z.object({ subject: param(z.enum(LIBRARY_SUBJECTS, { error: 'invalid_value' })), level: param(z.enum(LIBRARY_LEVELS, { error: 'invalid_value' })) });

export const GET = route(async (ctx) => tutorCourses(ctx.db, await requireUser(ctx.db, ctx.req), ctx.query(query)));
