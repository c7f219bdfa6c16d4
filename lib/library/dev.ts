import 'server-only';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { lessons, lessonWords, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { checkKzMobile } from '@/lib/phone';

/**
 * Development and e2e only (the route is behind ENABLE_DEV_TOOLS): words in a student's dictionary
 * as a lesson with this tutor would have left them (a held lesson an hour before `now`), so the word
 * trainer has something to review without a whole lesson in the room.
 */
export async function addDictionaryWordsForDev(
  db: Db,
  input: { studentPhone: string; tutorPhone: string; words: { word: string; translation: string; lang: 'ru' | 'kk' | 'en' }[] },
  now: Date,
): Promise<{ lessonId: number; words: number }> {
  const account = async (phone: string, role: 'student' | 'tutor') => {
    const e164 = checkKzMobile(phone);
    if (!e164.ok) throw new ApiError(422, 'validation_failed', { phone: 'phone_invalid' });
    const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.phone, e164.e164), eq(users.role, role))).limit(1);
    if (!user) throw new ApiError(404, 'not_found');
    return user.id;
  };
  const studentId = await account(input.studentPhone, 'student');
  const tutorId = await account(input.tutorPhone, 'tutor');
  const [lesson] = await db
    .insert(lessons)
    .values({ tutorId, studentId, subject: 'english', status: 'held', startsAt: new Date(now.getTime() - 3_600_000), endsAt: new Date(now.getTime() - 1_800_000) })
    .returning({ id: lessons.id });
  await db.insert(lessonWords).values(input.words.map((w) => ({ lessonId: lesson!.id, studentId, ...w, createdAt: now })));
  return { lessonId: lesson!.id, words: input.words.length };
}
