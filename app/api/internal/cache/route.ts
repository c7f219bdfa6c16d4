import { ApiError, readCapped } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { applyCacheEvent } from '@/lib/lessons/revalidate';
import { acceptCacheCall } from '@/lib/runtime/cache-bus';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * POST /api/internal/cache - a change another instance announced (lib/runtime/cache-bus.ts), handed
 * by this instance's own listener to its cache: revalidateTag needs a Next request. From the
 * loopback interface (or the instance's own listening address) only, signed with the application
 * secret (X-Cache-Time, X-Cache-Signature), each signature once; anything else answers 404.
 */
export const POST = route(async ({ req, db, ip }) => {
  // Who calls is checked before the body is read, and the body is capped (1 KiB) while it is read.
  if (!LOOPBACK.has(ip) && ip !== process.env.HOSTNAME) throw new ApiError(404, 'not_found');
  const body = new TextDecoder().decode(await readCapped(req, 1024));
  const event = await acceptCacheCall(db, req.headers, body);
  if (!event) throw new ApiError(404, 'not_found');
  applyCacheEvent(event);
  return new Response(null, { status: 204 });
});
