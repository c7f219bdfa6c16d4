import { z } from 'zod';
import { WORD_RATINGS } from './library-rules';
import { CONTROL_CHARS } from './query';

/** Whether an answer holds no control character anywhere (the database refuses NUL in jsonb text). */
const clean = (v: unknown): boolean =>
  typeof v === 'string' ? !CONTROL_CHARS.test(v) : Array.isArray(v) ? v.every(clean) : v === null || typeof v !== 'object' || Object.values(v).every(clean);

/** POST /api/cabinet/study/courses/{slug}/units/{unit}/answers: the step and the answer its kind takes (lib/library/check.ts answerSchemaOf). */
export const studyAnswerSchema = z
  .object({
    stepId: z.string({ error: 'invalid_value' }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'invalid_value'),
    answer: z.unknown().refine((v) => v !== undefined, 'required').refine(clean, 'invalid_value'),
  })
  .strict();

/** POST /api/cabinet/trainer/reviews: a word of the student's dictionary and how well it was recalled. */
export const wordReviewSchema = z
  .object({
    wordId: z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value'),
    rating: z.enum(WORD_RATINGS, { error: 'invalid_value' }),
  })
  .strict();

/** A course's slug or a unit's key in a path: anything else names nothing (404). */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,79}$/;
