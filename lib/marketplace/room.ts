import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret, env } from '@/lib/env';

/** The lesson's room link: LESSON_ROOM_URL with {id} and {key} (an HMAC of the id, 12 characters). */
export function roomUrl(lessonId: number): string {
  const key = createHmac('sha256', appSecret()).update(`lesson-room:${lessonId}`).digest('base64url').slice(0, 12);
  return env().LESSON_ROOM_URL.replaceAll('{id}', String(lessonId)).replaceAll('{key}', key);
}

const icsKey = (lessonId: number, side: 'student' | 'tutor') => createHmac('sha256', appSecret()).update(`lesson-ics:${lessonId}:${side}`).digest('base64url').slice(0, 16);

/**
 * The lesson's calendar file for one side, as a link that works without signing in (a phone's
 * calendar opens it): keyed like the room link, so only whoever got it from us can fetch it.
 */
export const icsPath = (lessonId: number, side: 'student' | 'tutor') => `/api/lessons/${lessonId}/ics?side=${side}&key=${icsKey(lessonId, side)}`;

export function validIcsKey(lessonId: number, side: string | null, key: string | null): side is 'student' | 'tutor' {
  if ((side !== 'student' && side !== 'tutor') || !key || key.length !== 16) return false;
  const want = Buffer.from(icsKey(lessonId, side));
  return timingSafeEqual(want, Buffer.from(key));
}
