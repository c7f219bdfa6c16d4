import 'server-only';
// A unit of the course library opened on the lesson room's board (docs/library.md "The board"): the
// lesson's tutor only, any unit of a published course as students get it (publicStep: never a key).
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { publicUnit } from '@/lib/library/browse';
import { roomSide, type RoomLesson } from './access';

const LANGS = ['ru', 'kk', 'en'] as const;
export type BoardLang = (typeof LANGS)[number];

/** The language a one-on-one lesson's student reads the site in (their account's); null for a group lesson. */
async function studentLang(db: Db, lesson: RoomLesson): Promise<BoardLang | null> {
  if (lesson.kind === 'group' || !lesson.studentId) return null;
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, lesson.studentId)).limit(1);
  return (LANGS as readonly string[]).includes(row?.locale ?? '') ? (row!.locale as BoardLang) : null;
}

/**
 * The unit the tutor puts on the board, and `lang`: the student's language, the one the board's
 * instructions are written in unless the tutor chooses another. Whatever the lesson's time or state
 * (the tutor may prepare). 403 `room_forbidden` for a stranger (roomSide), `room_library_tutor_only`
 * for the lesson's student; 404 for a course not published, a unit archived or never published.
 */
export async function boardUnit(db: Db, user: { id: number }, lessonId: number, slug: string, key: string) {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (side !== 'tutor') throw new ApiError(403, 'room_library_tutor_only');
  const unit = await publicUnit(db, slug, key);
  return { ...unit, lang: await studentLang(db, lesson) };
}
