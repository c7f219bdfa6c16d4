// GET /api/media/audio/{name} - a course's stored audio (listening steps, words), from the media store.
// Files never change (a new upload gets a new name): cached for a year, immutable.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { readAudio } from '@/lib/media/audio';

export const GET = route(async (ctx) => {
  const audio = await readAudio(ctx.db, ctx.params.file ?? '');
  if (!audio) throw new ApiError(404, 'not_found');
  return new Response(new Uint8Array(audio.bytes), {
    headers: {
      'Content-Type': audio.contentType,
      'Content-Length': String(audio.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
