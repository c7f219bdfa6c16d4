// GET /api/chat-help - the signed-in student (bearer): their questions (newest first) and the chat help time left.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentChat } from '@/lib/chat-help/questions';

export const GET = route(async (ctx) => studentChat(ctx.db, await requireUser(ctx.db, ctx.req)));
