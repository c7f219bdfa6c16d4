import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { media } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/**
 * A spoken answer's recording (a speaking step, docs/library.md "Self-study and the trainer"): the
 * browser's MediaRecorder file, checked by its content (WebM, Ogg or MP4 audio, the name and the
 * declared type ignored), stored in the media store under a new name that carries its student, so an
 * answer may name only the student's own recording. Never served to anyone but a tutor later.
 */
export const RECORDING_MAX_BYTES = 5 * 1024 * 1024;

/** The container the first bytes announce, or null. */
export function sniffRecording(buf: Uint8Array): { type: string; ext: string } | null {
  if (buf.length >= 4 && buf[0] === 0x1a && buf[1] === 0x45 && buf[2] === 0xdf && buf[3] === 0xa3) return { type: 'audio/webm', ext: 'webm' };
  if (buf.length >= 4 && String.fromCharCode(...buf.subarray(0, 4)) === 'OggS') return { type: 'audio/ogg', ext: 'ogg' };
  if (buf.length >= 12 && String.fromCharCode(...buf.subarray(4, 8)) === 'ftyp') return { type: 'audio/mp4', ext: 'm4a' };
  return null;
}

const prefixOf = (studentId: number) => `rec-${studentId}-`;

/** Stores a recording; answers its media name (what the speaking answer sends). 415 `recording_invalid` for anything else. */
export async function storeRecording(db: Db, studentId: number, bytes: Uint8Array): Promise<string> {
  if (bytes.length > RECORDING_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const kind = sniffRecording(bytes);
  if (!kind || bytes.length < 64) throw new ApiError(415, 'recording_invalid');
  const name = `${prefixOf(studentId)}${randomBytes(12).toString('base64url')}.${kind.ext}`;
  await db.insert(media).values({ name, contentType: kind.type, bytes: Buffer.from(bytes) });
  return name;
}

/** Whether `name` is a recording this student stored. */
export async function recordingBelongsTo(db: Db, studentId: number, name: string): Promise<boolean> {
  if (!name.startsWith(prefixOf(studentId)) || !/^[\w.-]{1,100}$/.test(name)) return false;
  const [row] = await db.select({ name: media.name }).from(media).where(and(eq(media.name, name)));
  return !!row;
}
