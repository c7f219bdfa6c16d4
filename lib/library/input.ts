import { z } from 'zod';
import { unitSchema } from './format';
import { COURSE_STATUSES, LIBRARY_LEVELS, LIBRARY_SUBJECTS } from '@/lib/validations/library-rules';
import { param } from '@/lib/validations/query';

/**
 * The authoring calls' input (the back office's library, scope methodologist): one schema for the
 * form and the handler. A course's fields and a unit are the course file's own (lib/library/format.ts).
 */
export { courseFieldsSchema, type CourseFields } from './format';

/** A unit as the editor sends it: the file's unit (its id is the unit's stable key). */
export const unitBodySchema = z.object({ unit: unitSchema }).strict();

/** The units' new order: every unit's id (key) that is not archived, once. */
export const unitOrderSchema = z.object({ keys: z.array(z.string().max(40)).min(1, 'required').max(60, 'too_long') }).strict();

export const courseListQuery = z.object({
  subject: param(z.enum(LIBRARY_SUBJECTS, { error: 'invalid_value' })),
  level: param(z.enum(LIBRARY_LEVELS, { error: 'invalid_value' })),
  status: param(z.enum(COURSE_STATUSES, { error: 'invalid_value' })),
});
export type CourseListFilter = z.infer<typeof courseListQuery>;

/** A unit's body cap: 80 steps of texts in three languages are far above the usual 16 KiB. */
export const UNIT_BODY_MAX_BYTES = 512 * 1024;
/** A course file's cap for import (the starter courses are under 100 KB). */
export const COURSE_FILE_MAX_BYTES = 1024 * 1024;
/** An import's body: any JSON object; the importer itself names every problem (422 library_file_invalid). */
export const courseFileBodySchema = z.record(z.string(), z.unknown());
