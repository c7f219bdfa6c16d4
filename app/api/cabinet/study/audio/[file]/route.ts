// GET /api/cabinet/study/audio/{file} - a unit's audio from the media store for the signed-in student (bearer); never a recording of a student's answer.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { unitAudio } from '@/lib/library/audio';

export const GET = route(async (ctx) => {
  await requireUser(ctx.db, ctx.req);
  const audio = await unitAudio(ctx.db, ctx.params.file ?? '');
  return new Response(new Uint8Array(audio.bytes), {
    headers: { 'Content-Type': audio.contentType, 'Content-Length': String(audio.bytes.length), 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
  });
});
