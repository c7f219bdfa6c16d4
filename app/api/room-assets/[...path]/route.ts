// GET /api/room-assets/fonts/{family}/{file}.woff2 - the whiteboard's (Excalidraw) fonts, served by us (no CDN; CSP font-src 'self').
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { route } from '@/lib/api/route';
import { ApiError } from '@/lib/api/errors';

const ROOT = path.join(process.cwd(), 'node_modules/@excalidraw/excalidraw/dist/prod');

export const GET = route(async (ctx) => {
  const parts = (ctx.params.path ?? '').split('/');
  // Only fonts/<family>/<hashed name>.woff2: names never change, so they are cached for a year.
  if (parts.length !== 3 || parts[0] !== 'fonts' || !/^[A-Za-z]{2,32}$/.test(parts[1]!) || !/^[\w-]{1,120}\.woff2$/.test(parts[2]!)) throw new ApiError(404, 'not_found');
  const bytes = await readFile(path.join(ROOT, ...parts)).catch(() => null);
  if (!bytes) throw new ApiError(404, 'not_found');
  return new Response(new Uint8Array(bytes), { headers: { 'content-type': 'font/woff2', 'cache-control': 'public, max-age=31536000, immutable' } });
});
