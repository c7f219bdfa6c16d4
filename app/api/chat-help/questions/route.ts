// POST /api/chat-help/questions {subject, body, photo?} - the signed-in student (bearer) asks; 201 the question. 409 chat_help_no_time, chat_help_too_many.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { askQuestion } from '@/lib/chat-help/questions';
import { chatAskSchema } from '@/lib/validations/chat-help';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    return askQuestion(ctx.db, user, await ctx.body(chatAskSchema));
  },
  { status: 201 },
);
