import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ApiError } from '@/lib/api/errors';
import { env } from '@/lib/env';

/**
 * Tutor photos (issue 14). An upload is accepted only when its bytes are a JPEG, PNG or WebP (the
 * name and the declared type are ignored) that the decoder reads; it is turned upright, cut square,
 * re-encoded as WebP in two sizes (catalogue card and profile page) and stored under MEDIA_DIR.
 * Re-encoding drops every metadata block (EXIF with GPS, XMP, ICC comments): sharp writes none
 * unless asked to. Each upload gets a new random id, so a stored file never changes and is served
 * with a year-long immutable cache; the published profile keeps its own photo until a reviewer
 * approves the new one.
 */

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_SIZES = { card: 320, page: 640 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
/** A stored file's name: the id and the size. */
export const PHOTO_FILE_RE = /^([A-Za-z0-9_-]{16})-(card|page)\.webp$/;

export const mediaDir = () => path.resolve(env().MEDIA_DIR, 'tutors');
export const photoUrl = (id: string, size: PhotoSize) => `/api/media/tutors/${id}-${size}.webp`;

/** The image format the first bytes announce, or null. */
export function sniffImage(buf: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => buf[i] === b)) return 'png';
  if (buf.length >= 12 && String.fromCharCode(...buf.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...buf.subarray(8, 12)) === 'WEBP') return 'webp';
  return null;
}

/** Checks, normalises and stores an uploaded photo; answers its new id. 415 `photo_invalid` for anything else. */
export async function storePhoto(input: Uint8Array): Promise<string> {
  if (input.length > PHOTO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const kind = sniffImage(input);
  if (!kind) throw new ApiError(415, 'photo_invalid');
  let outputs: [PhotoSize, Buffer][];
  try {
    // 40 megapixels at most: a decompression bomb is refused before it is decoded.
    const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (meta.format !== kind || !meta.width || !meta.height || meta.width < 200 || meta.height < 200) throw new ApiError(415, 'photo_invalid');
    outputs = await Promise.all(
      (Object.entries(PHOTO_SIZES) as [PhotoSize, number][]).map(async ([size, px]) => {
        const out = await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
          .rotate()
          .resize(px, px, { fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer();
        return [size, out] as [PhotoSize, Buffer];
      }),
    );
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(415, 'photo_invalid');
  }
  const id = randomBytes(12).toString('base64url');
  const dir = mediaDir();
  await mkdir(dir, { recursive: true });
  for (const [size, buf] of outputs) {
    // Written under a temporary name and renamed: a reader never sees half a file.
    const final = path.join(dir, `${id}-${size}.webp`);
    await writeFile(`${final}.tmp`, buf);
    await rename(`${final}.tmp`, final);
  }
  return id;
}

/** A stored photo's bytes, or null (unknown name, missing file). */
export async function readPhoto(file: string): Promise<Buffer | null> {
  if (!PHOTO_FILE_RE.test(file)) return null;
  try {
    return await readFile(path.join(mediaDir(), file));
  } catch {
    return null;
  }
}
