// GET /api/chat-help/questions/[id]?after=N - one of the question's two, or a tutor on duty for an open question's subject (bearer): the question and its messages after N.
import { z } from 'zod';
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { questionThread } from '@/lib/chat-help/questions';
import { param } from '@/lib/validations/query';

const query = z.object({ after: param(z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(0, 'invalid_value').max(Number.MAX_SAFE_INTEGER, 'invalid_value')) });

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return questionThread(ctx.db, user, idParam(ctx.params), ctx.query(query).after ?? 0);
});
