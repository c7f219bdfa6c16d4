import 'server-only';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { likeEscape } from '@/lib/db/like';
import { lessons, lessonWords, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

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
    .select({ id: lessonWords.id, word: lessonWords.word, translation: lessonWords.translation, lang: lessonWords.lang, at: lessonWords.createdAt, lessonId: lessons.id, startsAt: lessons.startsAt, subject: lessons.subject, tutorName: tutor.name, tutorLastname: tutor.lastname })
    .from(lessonWords)
    .innerJoin(lessons, eq(lessons.id, lessonWords.lessonId))
    .innerJoin(tutor, eq(tutor.id, lessons.tutorId))
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
      lesson: { id: r.lessonId, startsAt: r.startsAt.toISOString(), subject: r.subject, tutor: [r.tutorName, r.tutorLastname].filter(Boolean).join(' ') },
    })),
  };
}
