import 'server-only';
import { and, desc, eq, ilike, isNotNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { likeEscape } from '@/lib/db/like';
import { lessonAttendance, lessonRoomEvents, lessonRoomRemovals, lessonRooms, lessons, lessonWords, libraryCourses, libraryUnits, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { HEARTBEAT_GRACE_MS } from '@/lib/lessons/attendance';

export const DICTIONARY_LIMIT = 500;

/**
 * The student's dictionary: every word the tutors added in the student's lessons, newest first,
 * with the lesson it came from; `q` finds a word or a translation. A tutor has none (`student: false`).
 */
export async function studentDictionary(db: Db, user: { id: number; role: string }, q?: string) {
  if (user.role !== 'student') return { student: false, words: [] };
  const tutor = alias(users, 'tutor');
  const where: SQL[] = [eq(lessonWords.studentId, user.id)];
  if (q) {
    const pattern = `%${likeEscape(q)}%`;
    where.push(or(ilike(lessonWords.word, pattern), ilike(lessonWords.translation, pattern))!);
  }
  const rows = await db
    .select({ id: lessonWords.id, word: lessonWords.word, translation: lessonWords.translation, lang: lessonWords.lang, at: lessonWords.createdAt, lessonId: lessons.id, startsAt: lessons.startsAt, subject: lessons.subject, tutorName: tutor.name, tutorLastname: tutor.lastname, unitKey: libraryUnits.key, courseSlug: libraryCourses.slug, courseTitle: libraryCourses.title })
    .from(lessonWords)
    .leftJoin(lessons, eq(lessons.id, lessonWords.lessonId))
    .leftJoin(tutor, eq(tutor.id, lessons.tutorId))
    .leftJoin(libraryUnits, eq(libraryUnits.id, lessonWords.unitId))
    .leftJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId))
    .where(and(...where))
    .orderBy(desc(lessonWords.createdAt), desc(lessonWords.id))
    .limit(DICTIONARY_LIMIT);
  return {
    student: true,
    words: rows.map((r) => ({
      id: r.id,
      word: r.word,
      translation: r.translation,
      lang: r.lang,
      // A lesson's word names its lesson; a library unit's word its course and unit (the study page's address).
      lesson: r.lessonId !== null && r.startsAt ? { id: r.lessonId, startsAt: r.startsAt.toISOString(), subject: r.subject ?? '', tutor: [r.tutorName, r.tutorLastname].filter(Boolean).join(' ') } : null,
      unit: r.unitKey && r.courseSlug ? { course: r.courseSlug, key: r.unitKey, courseTitle: r.courseTitle! } : null,
    })),
  };
}

/**
 * A group lesson's students in its room at `now`, from the server's attendance log: a connection
 * joined, not left, and alive within HEARTBEAT_GRACE_MS (lib/lessons/attendance.ts `presence`'s
 * rule); never one the tutor removed. The tutor's word goes to their dictionaries.
 */
export async function presentStudentIds(db: Db, lessonId: number, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - HEARTBEAT_GRACE_MS);
  const rows = await db
    .select({ userId: lessonAttendance.userId })
    .from(lessonAttendance)
    .where(
      and(
        eq(lessonAttendance.lessonId, lessonId),
        eq(lessonAttendance.side, 'student'),
        isNotNull(lessonAttendance.userId),
        notExists(db.select({ one: sql`1` }).from(lessonRoomRemovals).where(and(eq(lessonRoomRemovals.lessonId, lessonId), eq(lessonRoomRemovals.userId, lessonAttendance.userId)))),
      ),
    )
    .groupBy(lessonAttendance.userId, lessonAttendance.connection)
    .having(sql`bool_or(${lessonAttendance.kind} = 'join') and not bool_or(${lessonAttendance.kind} = 'leave') and max(${lessonAttendance.at}) >= ${since.toISOString()}::timestamptz`);
  return [...new Set(rows.map((r) => r.userId!))].sort((a, b) => a - b);
}

/**
 * A group lesson's student who comes into the room gets the words the tutor added before (the room
 * shows them the lesson's words from its log), each once: what a word added while they were away
 * would have given them. Under the room's row lock, as a word's own insert (events.ts), so a word
 * added at the same moment is theirs once, not twice. Returns how many were added.
 */
export async function catchUpWords(db: Db, lessonId: number, studentId: number): Promise<number> {
  return transaction(db, async (tx) => {
    // No room row yet: no word either (a word's event makes the row).
    const [room] = await tx.select({ id: lessonRooms.lessonId }).from(lessonRooms).where(eq(lessonRooms.lessonId, lessonId)).for('update');
    if (!room) return 0;
    const word = sql<string>`${lessonRoomEvents.payload}->>'word'`;
    const translation = sql<string>`${lessonRoomEvents.payload}->>'translation'`;
    const missing = await tx
      .select({ word, translation, lang: sql<'ru' | 'kk' | 'en' | null>`${lessonRoomEvents.payload}->>'lang'`, at: lessonRoomEvents.createdAt })
      .from(lessonRoomEvents)
      .where(
        and(
          eq(lessonRoomEvents.lessonId, lessonId),
          eq(lessonRoomEvents.kind, 'vocab'),
          notExists(tx.select({ one: sql`1` }).from(lessonWords).where(and(eq(lessonWords.lessonId, lessonId), eq(lessonWords.studentId, studentId), eq(lessonWords.word, word), eq(lessonWords.translation, translation)))),
        ),
      )
      .orderBy(lessonRoomEvents.seq);
    if (!missing.length) return 0;
    await tx.insert(lessonWords).values(missing.map((m) => ({ lessonId, studentId, word: m.word, translation: m.translation, lang: m.lang, createdAt: m.at })));
    return missing.length;
  });
}
