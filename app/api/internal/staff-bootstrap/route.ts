import { z } from 'zod';
import { ApiError, readCapped } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { appSecret } from '@/lib/env';
import { bootstrapAdmin, spendBootstrapSignature, validBootstrapSignature } from '@/lib/staff/bootstrap';
import { emailField } from '@/lib/validations/auth';

const schema = z.object({ email: emailField, name: z.string().trim().min(1).max(80), locale: z.enum(['ru', 'kk', 'en']) });
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `npm run admin:create` against a running server with the embedded database (lib/staff/bootstrap.ts). */
export const POST = route(async ({ req, db, ip }) => {
  // Who calls is checked before the body is read, and the body is capped (16 KiB) while it is read.
  if (!LOOPBACK.has(ip)) throw new ApiError(404, 'not_found');
  const raw = new TextDecoder().decode(await readCapped(req, 16 * 1024));
  const signature = req.headers.get('x-bootstrap-signature');
  if (!validBootstrapSignature(appSecret(), req.headers.get('x-bootstrap-time'), raw, signature)) throw new ApiError(404, 'not_found');
  if (!(await spendBootstrapSignature(db, signature!))) throw new ApiError(404, 'not_found');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'bad_request');
  }
  return bootstrapAdmin(db, schema.parse(parsed));
});
