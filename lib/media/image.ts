import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ApiError } from '@/lib/api/errors';
import { media } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { PHOTO_MAX_BYTES, sniffImage } from './photo';

/**
 * The course library's pictures (a text's or a grammar note's illustration): the tutor photos' checks
 * (lib/media/photo.ts: the bytes must be a JPEG, PNG or WebP the decoder reads, 10 MB, 40 megapixels
 * at most), then re-encoded as WebP at most 1200 px wide, never cropped, every metadata block dropped.
 * Kept in the media store under a new random name, served by /api/media/images/{name}.
 */
export const IMAGE_FILE_RE = /^i-[A-Za-z0-9_-]{16}\.webp$/;
const MAX_WIDTH = 1200;

export async function storeImage(db: Db, input: Uint8Array): Promise<string> {
  if (input.length > PHOTO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const kind = sniffImage(input);
  if (!kind) throw new ApiError(415, 'photo_invalid');
  let bytes: Buffer;
  try {
    const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (meta.format !== kind || !meta.width || !meta.height) throw new ApiError(415, 'photo_invalid');
    bytes = await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(415, 'photo_invalid');
  }
  const name = `i-${randomBytes(12).toString('base64url')}.webp`;
  await db.insert(media).values({ name, contentType: 'image/webp', bytes });
  return name;
}

/** A stored picture, or null. */
export async function readImage(db: Db, name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!IMAGE_FILE_RE.test(name)) return null;
  const [row] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.name, name)).limit(1);
  return row ?? null;
}
