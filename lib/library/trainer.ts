import 'server-only';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { ApiError } from '@/lib/api/errors';
import { lessonWords, wordCards, wordReviews } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import type { WordRating } from '@/lib/validations/library-rules';

/**
 * The word trainer (docs/library.md "The word trainer"): one FSRS card per word of the student's
 * dictionary (lesson_words), scheduled by ts-fsrs with its default parameters and no fuzz, so a
 * review's next date is the library's own answer for that card and moment.
 */
export const TRAINER_PARAMS = generatorParameters({ enable_fuzz: false });
const scheduler = fsrs(TRAINER_PARAMS);

export const GRADE_OF: Record<WordRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

type CardRow = typeof wordCards.$inferSelect;
const toCard = (r: CardRow): Card => ({
  due: r.due,
  stability: r.stability,
  difficulty: r.difficulty,
  elapsed_days: r.elapsedDays,
  scheduled_days: r.scheduledDays,
  learning_steps: r.learningSteps,
  reps: r.reps,
  lapses: r.lapses,
  state: r.state,
  last_review: r.lastReview ?? undefined,
});
const fromCard = (c: Card) => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsed_days,
  scheduledDays: c.scheduled_days,
  learningSteps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.last_review ?? null,
});

/** A student's answer on a word: the card's next state through ts-fsrs, stored with the review. */
export async function reviewWord(db: Db, studentId: number, wordId: number, rating: WordRating, now: Date): Promise<{ due: Date; state: number }> {
  return transaction(db, async (tx) => {
    const [word] = await tx.select({ id: lessonWords.id }).from(lessonWords).where(and(eq(lessonWords.id, wordId), eq(lessonWords.studentId, studentId)));
    if (!word) throw new ApiError(404, 'not_found');
    const [row] = await tx.select().from(wordCards).where(and(eq(wordCards.studentId, studentId), eq(wordCards.wordId, wordId))).for('update');
    const { card } = scheduler.next(row ? toCard(row) : createEmptyCard(now), now, GRADE_OF[rating]);
    const values = fromCard(card);
    await tx
      .insert(wordCards)
      .values({ studentId, wordId, ...values })
      .onConflictDoUpdate({ target: [wordCards.studentId, wordCards.wordId], set: values });
    await tx.insert(wordReviews).values({ studentId, wordId, rating: GRADE_OF[rating], reviewedAt: now, due: card.due });
    return { due: card.due, state: card.state };
  });
}

/**
 * The words to review now: cards due by `now` (the longest waiting first), then words never reviewed
 * (the oldest first), at most `limit`.
 */
export async function dueWords(db: Db, studentId: number, now: Date, limit: number) {
  return db
    .select({ wordId: lessonWords.id, word: lessonWords.word, translation: lessonWords.translation, lang: lessonWords.lang, due: wordCards.due, state: wordCards.state })
    .from(lessonWords)
    .leftJoin(wordCards, and(eq(wordCards.wordId, lessonWords.id), eq(wordCards.studentId, studentId)))
    .where(and(eq(lessonWords.studentId, studentId), or(isNull(wordCards.due), lte(wordCards.due, now))))
    .orderBy(sql`${wordCards.due} asc nulls last`, asc(lessonWords.createdAt), asc(lessonWords.id))
    .limit(limit);
}
