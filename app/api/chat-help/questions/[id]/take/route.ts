// POST /api/chat-help/questions/[id]/take - a tutor on duty for its subject (bearer) takes an open question. 403 chat_help_not_on_duty, 409 chat_help_taken.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { takeQuestion } from '@/lib/chat-help/questions';

export const POST = route(async (ctx) => takeQuestion(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params)));
