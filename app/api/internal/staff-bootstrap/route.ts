import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { appSecret } from '@/lib/env';
import { bootstrapAdmin, validBootstrapSignature } from '@/lib/staff/bootstrap';
import { emailField } from '@/lib/validations/auth';

const schema = z.object({ email: emailField, name: z.string().trim().min(1).max(80), locale: z.enum(['ru', 'kk', 'en']) });
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `npm run admin:create` against a running server with the embedded database (lib/staff/bootstrap.ts). */
export const POST = route(async ({ req, db, ip }) => {
  const raw = await req.text();
  if (!LOOPBACK.has(ip) || !validBootstrapSignature(appSecret(), req.headers.get('x-bootstrap-time'), raw, req.headers.get('x-bootstrap-signature'))) {
    throw new ApiError(404, 'not_found');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'bad_request');
  }
  return bootstrapAdmin(db, schema.parse(parsed));
});
