// ── The word trainer (issue 34, lib/library/trainer.ts, docs/library.md "The word trainer"): the FSRS
// card of each word of a student's dictionary (lesson_words: a lesson's words and a library unit's)
// and each review.
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { lessonWords } from './lesson-room';

/** The word trainer's card of one word of a student's dictionary: ts-fsrs's Card, stored field by field. */
export const wordCards = pgTable(
  'word_cards',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => lessonWords.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: smallint('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.wordId] }), index('word_cards_due_idx').on(t.studentId, t.due)],
);

/** Each review the trainer took (the streak and the daily count are read from here). */
export const wordReviews = pgTable(
  'word_reviews',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => lessonWords.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
  },
  (t) => [index('word_reviews_student_idx').on(t.studentId, t.reviewedAt), check('word_reviews_rating_ck', sql`${t.rating} between 1 and 4`)],
);
