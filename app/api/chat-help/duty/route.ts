// GET, PUT /api/chat-help/duty {subjects, weekly, active} - an approved tutor (bearer): their chat duty (null before the first save). 403 for anyone else; 422 subject_not_offered.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { ownDuty, saveDuty } from '@/lib/chat-help/duty';
import { chatDutySchema } from '@/lib/validations/chat-help';

export const GET = route(async (ctx) => ownDuty(ctx.db, await requireUser(ctx.db, ctx.req)));

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return { duty: await saveDuty(ctx.db, user, await ctx.body(chatDutySchema)) };
});
