import 'server-only';
import type { NextRequest } from 'next/server';
import { ApiError, readCapped } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { hit } from '@/lib/rate-limit';
import { ROSTER_MAX_BYTES } from './roster-file';

/** Previews and imports per HR person: a real roster takes a few tries, not hundreds (H1). */
export const UPLOAD_LIMIT = { max: 20, windowSeconds: 10 * 60 };
/** The multipart envelope around the file: boundaries, headers and the small text fields. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * A multipart upload's `file` (5 MiB at most) and its other text fields. The HR person's limit is
 * counted first; the body is then read as a stream and cancelled as soon as it passes the cap, so a
 * chunked upload without Content-Length (or one that lies about it) costs at most the cap, never
 * its size, before the form is parsed.
 */
export async function readUpload(req: NextRequest, who: { db: Db; userId: number }): Promise<{ data: Buffer; fields: Record<string, string> }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new ApiError(415, 'unsupported_media_type');
  if (Number(req.headers.get('content-length') ?? '0') > ROSTER_MAX_BYTES + ENVELOPE_BYTES) throw new ApiError(413, 'payload_too_large');
  const limited = await hit(who.db, { key: `roster-upload:hr:${who.userId}`, ...UPLOAD_LIMIT });
  if (!limited.allowed) throw new ApiError(429, 'rate_limited', undefined, limited.retryAfter);
  const bytes = await readCapped(req, ROSTER_MAX_BYTES + ENVELOPE_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError(400, 'bad_request');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw new ApiError(422, 'validation_failed', { file: 'required' });
  if (file.size > ROSTER_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') fields[k] = v;
  return { data: Buffer.from(await file.arrayBuffer()), fields };
}
