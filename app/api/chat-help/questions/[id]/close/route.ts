// POST /api/chat-help/questions/[id]/close - the question's student or tutor (bearer) closes it. 409 chat_help_closed.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { closeQuestion } from '@/lib/chat-help/questions';

export const POST = route(async (ctx) => closeQuestion(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params)));
