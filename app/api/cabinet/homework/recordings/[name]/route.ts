// GET /api/cabinet/homework/recordings/{name} - a tutor (bearer): a student's spoken answer to homework the tutor assigned, to listen to before checking it. 404 for any other recording.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { homeworkRecording } from '@/lib/library/homework';

export const GET = route(async (ctx) => {
  const file = await homeworkRecording(ctx.db, await requireUser(ctx.db, ctx.req), ctx.params.name ?? '');
  return new Response(new Uint8Array(file.bytes), {
    headers: { 'Content-Type': file.contentType, 'Content-Length': String(file.bytes.length), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  });
});
