import 'server-only';
import type { NextRequest } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { ROSTER_MAX_BYTES } from './roster-file';

/** A multipart upload's `file` (5 MiB at most) and its other text fields. */
export async function readUpload(req: NextRequest): Promise<{ data: Buffer; fields: Record<string, string> }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new ApiError(415, 'unsupported_media_type');
  if (Number(req.headers.get('content-length') ?? '0') > ROSTER_MAX_BYTES + 64 * 1024) throw new ApiError(413, 'payload_too_large');
  let form: FormData;
  try {
    form = await req.formData();
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
