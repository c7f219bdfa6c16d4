// GET /api/chat-help/questions/[id]/photos/[photo] - a photo of the question's messages, to one of its two or a tutor on duty for it while open (bearer; the page fetches it and shows a blob). Private, never cached by a proxy.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { questionPhoto } from '@/lib/chat-help/questions';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const file = await questionPhoto(ctx.db, user, idParam(ctx.params), ctx.params.photo ?? '');
  return new Response(new Uint8Array(file.bytes), { headers: { 'Content-Type': file.contentType, 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' } });
});
