// GET /api/media/images/{name} - a course's stored picture (a text's or a grammar note's illustration), from the media store.
// Files never change (a new upload gets a new name): cached for a year, immutable.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { readImage } from '@/lib/media/image';

export const GET = route(async (ctx) => {
  const image = await readImage(ctx.db, ctx.params.file ?? '');
  if (!image) throw new ApiError(404, 'not_found');
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      'Content-Type': image.contentType,
      'Content-Length': String(image.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
