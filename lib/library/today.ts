import 'server-only';
import type { Db } from '@/lib/db/types';
import type { WordRating } from '@/lib/validations/library-rules';
import { dueCount, reviewStreak } from './daily';
import { openHomework } from './homework';
import { nextUnit } from './study';
import { dueWords, reviewWord } from './trainer';

/** How many words one trainer session offers at most. */
export const SESSION_WORDS = 50;

/** The cabinet's "what to do today": the homework due first, the next unit to work on, the words due, the streak. */
export async function studyToday(db: Db, studentId: number, now: Date) {
  const [homework, next, due, streak] = await Promise.all([openHomework(db, studentId, now), nextUnit(db, studentId), dueCount(db, studentId, now), reviewStreak(db, studentId, now)]);
  return { homework, next, dueWords: due, streak };
}

/** The trainer's screen: the words due now (the longest waiting first), how many in all, the streak. */
export async function trainerToday(db: Db, studentId: number, now: Date) {
  const [words, due, streak] = await Promise.all([dueWords(db, studentId, now, SESSION_WORDS), dueCount(db, studentId, now), reviewStreak(db, studentId, now)]);
  return { words: words.map((w) => ({ id: w.wordId, word: w.word, translation: w.translation, lang: w.lang, isNew: w.state === null })), due, streak };
}

/** A review of a word of the student's own dictionary (404 for anyone else's); the next date and the streak after it. */
export async function reviewTrainerWord(db: Db, studentId: number, wordId: number, rating: WordRating, now: Date) {
  const { due } = await reviewWord(db, studentId, wordId, rating, now);
  return { due: due.toISOString(), streak: await reviewStreak(db, studentId, now) };
}
