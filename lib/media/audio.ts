import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { media } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/**
 * The course library's audio (listening steps, words): kept in the media store (table `media`) as the
 * photos are, so every instance serves it and every backup holds it. As with photos, the bytes decide
 * (MP3, Ogg, WAV or M4A by their first bytes; the name and the declared type are ignored), the size is
 * capped, and each upload gets a new random name, so a stored file never changes. The name is what a
 * course file's `audio` names (lib/library/format.ts: no folder), served by /api/media/audio/{name}.
 */
export const AUDIO_MAX_BYTES = 10 * 1024 * 1024;
export const AUDIO_FILE_RE = /^a-[A-Za-z0-9_-]{16}\.(mp3|ogg|wav|m4a)$/;
type AudioKind = 'mp3' | 'ogg' | 'wav' | 'm4a';
const TYPES: Record<AudioKind, string> = { mp3: 'audio/mpeg', ogg: 'audio/ogg', wav: 'audio/wav', m4a: 'audio/mp4' };

const ascii = (buf: Uint8Array, from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));

/** The audio format the first bytes announce, or null. */
export function sniffAudio(buf: Uint8Array): AudioKind | null {
  if (buf.length < 12) return null;
  if (ascii(buf, 0, 3) === 'ID3' || (buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0)) return 'mp3';
  if (ascii(buf, 0, 4) === 'OggS') return 'ogg';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WAVE') return 'wav';
  if (ascii(buf, 4, 8) === 'ftyp') return 'm4a';
  return null;
}

/** Checks and stores an uploaded audio file; answers its name in the media store. 415 `audio_invalid` for anything else. */
export async function storeAudio(db: Db, input: Uint8Array): Promise<string> {
  if (input.length > AUDIO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const kind = sniffAudio(input);
  if (!kind) throw new ApiError(415, 'audio_invalid');
  const name = `a-${randomBytes(12).toString('base64url')}.${kind}`;
  await db.insert(media).values({ name, contentType: TYPES[kind], bytes: Buffer.from(input) });
  return name;
}

/** A stored audio file, or null. */
export async function readAudio(db: Db, name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!AUDIO_FILE_RE.test(name)) return null;
  const [row] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.name, name)).limit(1);
  return row ?? null;
}
