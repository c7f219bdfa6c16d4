// GET /api/chat-help/questions/[id]/events?after=N - the question's event stream (SSE, bearer; Last-Event-ID resumes): one of its two, or a tutor on duty for an open question's subject.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { questionStream } from '@/lib/chat-help/stream';
import { afterSeq } from '@/lib/validations/lesson-room';

export const dynamic = 'force-dynamic';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const after = afterSeq.parse(ctx.req.headers.get('last-event-id') ?? ctx.req.nextUrl.searchParams.get('after') ?? 0);
  return questionStream(ctx.db, user, idParam(ctx.params), { after, signal: ctx.req.signal });
});
