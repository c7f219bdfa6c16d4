// GET /api/lessons/{id}/room/events?after=N - the room's event stream (SSE, bearer; Last-Event-ID resumes).
// POST /api/lessons/{id}/room/events {kind, payload} - one signal, chat line, notes, word, board change or media state.
import { route } from '@/lib/api/route';
import { readJson } from '@/lib/api/errors';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { enterRoom } from '@/lib/lesson-room/access';
import { sendEvent } from '@/lib/lesson-room/events';
import { roomStream } from '@/lib/lesson-room/stream';
import { afterSeq, ROOM_LIMITS, roomEventSchema } from '@/lib/validations/lesson-room';

export const dynamic = 'force-dynamic';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { lesson, side } = await enterRoom(ctx.db, user, idParam(ctx.params));
  const lastId = ctx.req.headers.get('last-event-id');
  const after = afterSeq.parse(lastId ?? ctx.req.nextUrl.searchParams.get('after') ?? 0);
  return roomStream(ctx.db, lesson, side, { after, resume: lastId !== null || ctx.req.nextUrl.searchParams.has('resume'), signal: ctx.req.signal, userId: user.id });
});

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    const { lesson, side } = await enterRoom(ctx.db, user, idParam(ctx.params));
    const input = roomEventSchema.parse(await readJson(ctx.req, ROOM_LIMITS.bodyBytes));
    const event = await sendEvent(ctx.db, lesson, side, input, new Date(), user.id);
    return { seq: event.seq, at: event.at };
  },
  { status: 201 },
);
