// The course library (issue 34): its words, importing only the groups' levels and age bands, so
// the tables' checks (lib/db/tables/library.ts, loaded by drizzle-kit in plain Node), the file format
// (lib/library/format.ts) and later the authoring forms read them from one place.
export { AGE_BANDS, GROUP_LEVELS as LIBRARY_LEVELS, GROUP_SUBJECTS as LIBRARY_SUBJECTS, type AgeBand, type GroupLevel as LibraryLevel, type GroupSubject as LibrarySubject } from './group-rules';

/** draft (its author) → review (a second methodologist) → published (students and tutors see it). */
export const COURSE_STATUSES = ['draft', 'review', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** Steps a student reads. */
export const READING_KINDS = ['text', 'words', 'grammar'] as const;
/** Exercises the server checks at once (lib/library/check.ts). */
export const AUTO_KINDS = ['choice', 'gap', 'matching', 'order', 'listening'] as const;
/** Exercises a tutor checks. */
export const TUTOR_KINDS = ['writing', 'speaking'] as const;
export const STEP_KINDS = [...READING_KINDS, ...AUTO_KINDS, ...TUTOR_KINDS] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** A stored step as the database types it; lib/library/format.ts's schema is its real shape. */
export type StoredStep = { id: string; kind: StepKind } & Record<string, unknown>;
export type Localized = { ru: string; kk: string; en: string };

/** The word trainer's ratings (FSRS's grades: Again, Hard, Good, Easy). */
export const WORD_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type WordRating = (typeof WORD_RATINGS)[number];
