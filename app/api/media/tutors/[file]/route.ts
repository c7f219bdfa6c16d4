// GET /api/media/tutors/{id}-{card|page}.webp - a stored tutor photo, from the database (table
// `media`; a photo an earlier version left in MEDIA_DIR is served from there and copied over).
// Files never change (a new upload gets a new id): cached for a year, immutable.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { readPhoto } from '@/lib/media/photo';

export const GET = route(async (ctx) => {
  const photo = await readPhoto(ctx.db, ctx.params.file ?? '');
  if (!photo) throw new ApiError(404, 'not_found');
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
