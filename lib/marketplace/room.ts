import 'server-only';
import { createHmac } from 'node:crypto';
import { appSecret, env } from '@/lib/env';

/** The lesson's room link: LESSON_ROOM_URL with {id} and {key} (an HMAC of the id, 12 characters). */
export function roomUrl(lessonId: number): string {
  const key = createHmac('sha256', appSecret()).update(`lesson-room:${lessonId}`).digest('base64url').slice(0, 12);
  return env().LESSON_ROOM_URL.replaceAll('{id}', String(lessonId)).replaceAll('{key}', key);
}
