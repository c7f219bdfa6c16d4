// GET /api/media/tutors/{id}-{card|page}.webp - a stored tutor photo. Files never change (a new
// upload gets a new id): cached for a year, immutable.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { readPhoto } from '@/lib/marketplace/photo';

export const GET = route(async (ctx) => {
  const bytes = await readPhoto(ctx.params.file ?? '');
  if (!bytes) throw new ApiError(404, 'not_found');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
