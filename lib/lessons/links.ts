import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret, env } from '@/lib/env';
import { absoluteUrl, localePath } from '@/lib/seo';

/**
 * The lesson's room link: our own room, `/lesson/{id}` on the site in the reader's language; or,
 * when a school uses an outside room, LESSON_ROOM_URL with {id} and {key} (an HMAC of the id, 12 characters).
 */
export function roomUrl(lessonId: number, locale = 'ru', template = env().LESSON_ROOM_URL): string {
  if (!template) return absoluteUrl(localePath(locale, `/lesson/${lessonId}`));
  const key = createHmac('sha256', appSecret()).update(`lesson-room:${lessonId}`).digest('base64url').slice(0, 12);
  return template.replaceAll('{id}', String(lessonId)).replaceAll('{key}', key);
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
