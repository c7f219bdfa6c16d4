import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { lessons, type RoomSide, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/** The room opens this long before the start and closes at the end. */
export const ROOM_OPENS_MINUTES = 10;

export type RoomLesson = typeof lessons.$inferSelect;
type User = Pick<typeof users.$inferSelect, 'id'>;

/** Where the lesson stands for its room at `now`: before the window, in it, or after it. */
export function roomWindow(lesson: Pick<RoomLesson, 'startsAt' | 'endsAt'>, now: Date): 'early' | 'open' | 'over' {
  if (now.getTime() < lesson.startsAt.getTime() - ROOM_OPENS_MINUTES * 60_000) return 'early';
  return now < lesson.endsAt ? 'open' : 'over';
}

/**
 * The lesson and the caller's side, when the caller is its tutor or its student (staff have no
 * user session, so they never get here); anybody else 403 `room_forbidden`, as for a lesson that
 * does not exist (no hint which). A cancelled lesson is 409 `lesson_cancelled`; outside the window
 * (ROOM_OPENS_MINUTES before the start to the end) 409 `room_not_open` or `room_closed`.
 */
export async function enterRoom(db: Db, user: User, lessonId: number, now = new Date()): Promise<{ lesson: RoomLesson; side: RoomSide }> {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (lesson.status === 'cancelled') throw new ApiError(409, 'lesson_cancelled');
  const at = roomWindow(lesson, now);
  if (at === 'early') throw new ApiError(409, 'room_not_open');
  if (at === 'over') throw new ApiError(409, 'room_closed');
  return { lesson, side };
}

/** The lesson and the caller's side, whatever its time or state (the room's record after the lesson). */
export async function roomSide(db: Db, user: User, lessonId: number): Promise<{ lesson: RoomLesson; side: RoomSide }> {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (lesson && lesson.status !== 'hold') {
    if (lesson.tutorId === user.id) return { lesson, side: 'tutor' };
    if (lesson.studentId === user.id) return { lesson, side: 'student' };
  }
  throw new ApiError(403, 'room_forbidden');
}
