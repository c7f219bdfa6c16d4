// POST /api/chat-help/questions/[id]/messages {body, photo?} - one of the question's two (bearer) writes; 201 the message (a tutor's reply with the blocks it cost). 409 chat_help_closed, chat_help_no_time.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { postMessage } from '@/lib/chat-help/questions';
import { chatMessageSchema } from '@/lib/validations/chat-help';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    return postMessage(ctx.db, user, idParam(ctx.params), await ctx.body(chatMessageSchema));
  },
  { status: 201 },
);
