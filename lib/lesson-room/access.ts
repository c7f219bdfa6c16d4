import 'server-only';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { lessonRoomRemovals, lessons, type RoomSide, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isLessonStudent } from '@/lib/lessons/group-money';

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
 * (ROOM_OPENS_MINUTES before the start to the end) 409 `room_not_open` or `room_closed`. A group
 * lesson's student the tutor removed is 403 `room_removed` for the rest of that lesson.
 */
export async function enterRoom(db: Db, user: User, lessonId: number, now = new Date()): Promise<{ lesson: RoomLesson; side: RoomSide }> {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (lesson.status === 'cancelled') throw new ApiError(409, 'lesson_cancelled');
  const at = roomWindow(lesson, now);
  if (at === 'early') throw new ApiError(409, 'room_not_open');
  if (at === 'over') throw new ApiError(409, 'room_closed');
  if (lesson.kind === 'group' && side === 'student' && (await isRemoved(db, lesson.id, user.id))) throw new ApiError(403, 'room_removed');
  return { lesson, side };
}

/**
 * The lesson and the caller's side, whatever its time or state (the room's record after the lesson).
 * A one-on-one lesson: its tutor and its student. A group lesson (kind `group`, no student of its
 * own): its tutor and its seated students (lib/lessons/group-money.ts isLessonStudent: a paid seat of
 * its group covering it).
 */
export async function roomSide(db: Db, user: User, lessonId: number): Promise<{ lesson: RoomLesson; side: RoomSide }> {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (lesson && lesson.status !== 'hold') {
    if (lesson.tutorId === user.id) return { lesson, side: 'tutor' };
    if (lesson.kind === 'group') {
      if (await isLessonStudent(db, lesson, user.id)) return { lesson, side: 'student' };
    } else if (lesson.studentId === user.id) return { lesson, side: 'student' };
  }
  throw new ApiError(403, 'room_forbidden');
}

/** Whether the tutor removed this participant from the (group) lesson. */
export async function isRemoved(db: Db, lessonId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: lessonRoomRemovals.userId })
    .from(lessonRoomRemovals)
    .where(and(eq(lessonRoomRemovals.lessonId, lessonId), eq(lessonRoomRemovals.userId, userId)))
    .limit(1);
  return Boolean(row);
}
