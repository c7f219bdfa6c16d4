import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { media } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/** A unit's audio file from the media store (a name a course file gives), or 404; a student's recording is never one. */
export async function unitAudio(db: Db, name: string): Promise<{ bytes: Buffer; contentType: string }> {
  if (!/^[\w.-]{1,100}$/.test(name) || name.startsWith('rec-')) throw new ApiError(404, 'not_found');
  const [row] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.name, name));
  if (!row || !row.contentType.startsWith('audio/')) throw new ApiError(404, 'not_found');
  return row;
}
