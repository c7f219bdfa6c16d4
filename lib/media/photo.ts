import 'server-only';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ApiError } from '@/lib/api/errors';
import { media } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';

/**
 * Tutor photos (issue 14). An upload is accepted only when its bytes are a JPEG, PNG or WebP (the
 * name and the declared type are ignored) that the decoder reads; it is turned upright, cut square,
 * re-encoded as WebP in two sizes (catalogue card and profile page) and stored in the database
 * (table `media`): every instance behind the proxy serves it, and every backup holds it (docs/operations.md,
 * "Several servers"). Re-encoding drops every metadata block (EXIF with GPS, XMP, ICC comments): sharp writes none
 * unless asked to. Each upload gets a new random id, so a stored file never changes and is served
 * with a year-long immutable cache; the published profile keeps its own photo until a reviewer
 * approves the new one.
 */

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_SIZES = { card: 320, page: 640 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
/** A stored file's name: the id and the size. */
export const PHOTO_FILE_RE = /^([A-Za-z0-9_-]{16})-(card|page)\.webp$/;

/** Where versions before the `media` table wrote photos: only read now (readPhoto, importMediaDir). */
export const mediaDir = () => path.resolve(env().MEDIA_DIR, 'tutors');
const WEBP = 'image/webp';
const mediaName = (file: string) => `tutors/${file}`;
export const photoUrl = (id: string, size: PhotoSize) => `/api/media/tutors/${id}-${size}.webp`;

/** The image format the first bytes announce, or null. */
export function sniffImage(buf: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => buf[i] === b)) return 'png';
  if (buf.length >= 12 && String.fromCharCode(...buf.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...buf.subarray(8, 12)) === 'WEBP') return 'webp';
  return null;
}

/**
 * The checks every uploaded picture passes before it is decoded for good: the size, the bytes'
 * own format (JPEG, PNG or WebP, the name and declared type ignored), at most 40 megapixels (a
 * decompression bomb is refused before it is decoded), the format the decoder reads being the one
 * announced, and at least `minSide` pixels a side. 413 `payload_too_large`, 415 `photo_invalid`.
 */
async function checkImage(input: Uint8Array, minSide: number): Promise<void> {
  if (input.length > PHOTO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const kind = sniffImage(input);
  if (!kind) throw new ApiError(415, 'photo_invalid');
  try {
    const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (meta.format !== kind || !meta.width || !meta.height || meta.width < minSide || meta.height < minSide) throw new ApiError(415, 'photo_invalid');
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(415, 'photo_invalid');
  }
}

/** Checks, normalises and stores an uploaded photo; answers its new id. 415 `photo_invalid` for anything else. */
export async function storePhoto(db: Db, input: Uint8Array): Promise<string> {
  await checkImage(input, 200);
  let outputs: [PhotoSize, Buffer][];
  try {
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
  // Both sizes in one statement: a profile never points at half a photo.
  await db.insert(media).values(outputs.map(([size, bytes]) => ({ name: mediaName(`${id}-${size}.webp`), contentType: WEBP, bytes })));
  return id;
}

/** A chat help photo's stored name: its uploader's id and its own (lib/chat-help: a message may name only its author's photos). */
export const chatPhotoName = (userId: number, id: string) => `chat/${userId}-${id}.webp`;
/** The longest side a chat photo is kept at: a page of homework stays readable. */
export const CHAT_PHOTO_SIDE = 1600;

/**
 * A photo sent in chat help (a page of homework): the same checks as a tutor's photo (at least 100
 * pixels a side), turned upright, fitted inside 1600 × 1600 without cutting, re-encoded as WebP
 * (every metadata block dropped: EXIF with GPS too) and stored under its uploader's id. Answers its id.
 */
export async function storeChatPhoto(db: Db, userId: number, input: Uint8Array): Promise<string> {
  await checkImage(input, 100);
  let bytes: Buffer;
  try {
    bytes = await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate().resize(CHAT_PHOTO_SIDE, CHAT_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new ApiError(415, 'photo_invalid');
  }
  const id = randomBytes(12).toString('base64url');
  await db.insert(media).values({ name: chatPhotoName(userId, id), contentType: WEBP, bytes });
  return id;
}

/** A stored chat photo's bytes by its uploader and id, or null. */
export async function readChatPhoto(db: Db, userId: number, id: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.name, chatPhotoName(userId, id))).limit(1);
  return row ?? null;
}

/** A file of MEDIA_DIR (an earlier version's photo), or null. */
async function readLegacyFile(file: string): Promise<Buffer | null> {
  try {
    return await readFile(path.join(mediaDir(), file));
  } catch {
    return null;
  }
}

/** Copies a photo found in MEDIA_DIR into the database (a second copy of the same name is ignored). */
async function importFile(db: Db, file: string, bytes: Buffer): Promise<void> {
  await db.insert(media).values({ name: mediaName(file), contentType: WEBP, bytes }).onConflictDoNothing({ target: media.name });
}

/**
 * A stored photo: its bytes and type, or null (unknown name, nothing stored). A photo not in the
 * database yet but still in MEDIA_DIR (uploaded by an earlier version) is served from there and
 * copied into the database on this first read, so an existing install moves itself over.
 */
export async function readPhoto(db: Db, file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!PHOTO_FILE_RE.test(file)) return null;
  const [row] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.name, mediaName(file))).limit(1);
  if (row) return row;
  const legacy = await readLegacyFile(file);
  if (!legacy) return null;
  await importFile(db, file, legacy);
  return { bytes: legacy, contentType: WEBP };
}

/**
 * Copies every photo of MEDIA_DIR not in the database yet into it (at start: lib/server/services.ts),
 * so photos nobody has viewed since the upgrade move over too. Answers how many were copied.
 */
export async function importMediaDir(db: Db): Promise<number> {
  let files: string[];
  try {
    files = (await readdir(mediaDir())).filter((f) => PHOTO_FILE_RE.test(f));
  } catch {
    return 0; // no MEDIA_DIR: nothing to move
  }
  if (files.length === 0) return 0;
  const known = new Set((await db.select({ name: media.name }).from(media)).map((r) => r.name));
  let copied = 0;
  for (const file of files) {
    if (known.has(mediaName(file))) continue;
    const bytes = await readLegacyFile(file);
    if (!bytes) continue;
    await importFile(db, file, bytes);
    copied++;
  }
  return copied;
}
