// GET /api/chat-help/tutor/events - an approved tutor's queue as an event stream (SSE, bearer): `event: queue` with GET /api/chat-help/tutor's answer, first and on every change. 403 for anyone else.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { tutorQueueStream } from '@/lib/chat-help/stream';

export const dynamic = 'force-dynamic';

export const GET = route(async (ctx) => tutorQueueStream(ctx.db, await requireUser(ctx.db, ctx.req), { signal: ctx.req.signal }));
