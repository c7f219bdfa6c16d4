import { z } from 'zod';

// Homework from the library (issue 34, lib/library/homework.ts, docs/library.md "Homework"): what a
// lesson's report may assign and how a tutor checks a written or spoken answer. Pure: the report
// form and the server share it.

/** A report assigns at most this many units. */
export const HOMEWORK_MAX_UNITS = 5;
/** A unit is due at the latest this many days after the lesson's day (and never before it). */
export const HOMEWORK_MAX_DAYS = 60;
/** A tutor's comment on a written or spoken answer. */
export const HOMEWORK_COMMENT_MAX = 2000;
/** Without a date chosen, a unit is due this many days after the lesson (the form's default). */
export const HOMEWORK_DEFAULT_DAYS = 7;

const ymd = z.string({ error: 'invalid_value' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value');
const idText = (max: number) => z.string({ error: 'invalid_value' }).regex(/^[a-z0-9][a-z0-9-]*$/, 'invalid_value').max(max, 'invalid_value');

/** One unit a report assigns: the course's slug, the unit's key (as in the study pages' addresses), the school day it is due. */
export const homeworkItemSchema = z.object({ course: idText(80), unit: idText(40), due: ymd }).strict();
export type HomeworkItem = z.infer<typeof homeworkItemSchema>;

/** The report's `assign`: the units of the library its student (a group's: each student) is to do. */
export const homeworkAssignSchema = z
  .array(homeworkItemSchema, { error: 'invalid_value' })
  .max(HOMEWORK_MAX_UNITS, 'homework_too_many')
  .refine((list) => new Set(list.map((i) => `${i.course}/${i.unit}`)).size === list.length, 'homework_duplicate')
  .default([]);

/** POST /api/cabinet/homework/checks: a tutor's verdict on a written or spoken answer, with a comment. */
export const homeworkCheckSchema = z
  .object({
    answerId: z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value'),
    correct: z.boolean({ error: 'invalid_value' }),
    comment: z.string({ error: 'invalid_value' }).trim().max(HOMEWORK_COMMENT_MAX, 'too_long').default(''),
  })
  .strict();
export type HomeworkCheckInput = z.infer<typeof homeworkCheckSchema>;

/** A student's spoken answer (a recording) is kept this long, then deleted by the hourly clean-up (lib/retention.ts). */
export const RECORDING_DAYS = 90;
