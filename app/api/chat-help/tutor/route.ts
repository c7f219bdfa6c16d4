// GET /api/chat-help/tutor - an approved tutor (bearer): the subjects they are on duty for now, the open questions they may take, their own questions. 403 for anyone else.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { tutorChat } from '@/lib/chat-help/questions';

export const GET = route(async (ctx) => tutorChat(ctx.db, await requireUser(ctx.db, ctx.req)));
