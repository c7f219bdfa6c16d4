import 'server-only';
import { eq } from 'drizzle-orm';
import { lessonWords, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { asLocale } from '@/lib/i18n/translate';
import type { Step } from './format';

/**
 * A unit's words join the student's dictionary (docs/library.md "The word trainer"): every word of
 * the version's words steps, with its translation in the student's language, once per unit and word
 * (lesson_words_unit_word_uq), so the trainer schedules them with the lessons' words. Called when the
 * student starts the unit (their first answer) and when they move to a newer version.
 */
export async function addUnitWords(tx: Db, studentId: number, unitId: number, steps: Step[], now: Date): Promise<number> {
  const words = steps.flatMap((s) => (s.kind === 'words' ? s.words : []));
  if (!words.length) return 0;
  const [student] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, studentId));
  const lang = asLocale(student?.locale);
  const added = await tx
    .insert(lessonWords)
    .values(words.map((w) => ({ unitId, studentId, word: w.word, translation: w.translation[lang], lang, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: lessonWords.id });
  return added.length;
}
