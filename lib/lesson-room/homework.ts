import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { lessonStudentIds } from '@/lib/lessons/group-money';
import { tutorHomework } from '@/lib/library/homework';
import { roomSide } from './access';

/**
 * GET /api/lessons/{id}/homework: the room's homework panel, for the lesson's tutor only (403 for the
 * student and anyone else): the homework the tutor gave the lesson's students, with their results
 * and the written and spoken answers waiting for the check (lib/library/homework.ts tutorHomework).
 */
export async function roomHomework(db: Db, user: { id: number; scope: string | null; blockedAt: Date | null }, lessonId: number, now: Date) {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (side !== 'tutor') throw new ApiError(403, 'forbidden');
  return tutorHomework(db, user, now, { studentIds: await lessonStudentIds(db, lesson) });
}
