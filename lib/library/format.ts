import { z } from 'zod';
import { AGE_BANDS, LIBRARY_LEVELS, LIBRARY_SUBJECTS } from '@/lib/validations/library-rules';

/**
 * The course file (docs/library.md): what importCourse reads and exportCourse writes. Messages are
 * keys of Validation or Admin.validation (lib/api/errors.ts turns them into the reader's language).
 */
export const COURSE_FORMAT = 'tilmen-course';
export const COURSE_FORMAT_VERSION = 1;

/** The marker of a gap in a gap-fill text. */
export const GAP = '___';

const LIMITS = { line: 300, text: 5000, options: 6, pairs: 8, gaps: 10, tokens: 15, words: 40, steps: 80, units: 60 } as const;

const line = z.string().trim().min(1, 'required').max(LIMITS.line, 'too_long');
const longText = z.string().trim().min(1, 'required').max(LIMITS.text, 'too_long');
const localized = z.object({ ru: line, kk: line, en: line }).strict();
const localizedText = z.object({ ru: longText, kk: longText, en: longText }).strict();
const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'library_id_format');
/** A file of the media store (the `media` table's name). */
const mediaName = z.string().regex(/^[\w.-]{1,100}$/, 'library_id_format');

const distinct = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase())).size === values.length;

/**
 * A text's or a grammar note's picture (a media-store name) and its description in the student's
 * language (the `alt` text for those who cannot see it): a description needs a picture.
 */
const picture = { image: mediaName.optional(), imageAlt: localized.optional() };
const altNeedsPicture = (s: { image?: string; imageAlt?: unknown }, ctx: z.RefinementCtx) => {
  if (s.imageAlt !== undefined && s.image === undefined) ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: 'library_image_alt_without_image' });
};

const textStep = z.object({ kind: z.literal('text'), id, title: localized.optional(), body: longText, ...picture }).strict().superRefine(altNeedsPicture);

const word = z
  .object({ id, word: line, translation: localized, example: line.optional(), audio: mediaName.optional() })
  .strict();
const wordsStep = z
  .object({ kind: z.literal('words'), id, words: z.array(word).min(1, 'required').max(LIMITS.words, 'too_long') })
  .strict()
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.words.forEach((w, i) => {
      if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: ['words', i, 'id'], message: 'library_id_duplicate' });
      seen.add(w.id);
    });
  });

const grammarStep = z
  .object({ kind: z.literal('grammar'), id, title: localized, body: localizedText, examples: z.array(line).max(20, 'too_long').optional(), ...picture })
  .strict()
  .superRefine(altNeedsPicture);

const options = z
  .array(line)
  .min(2, 'library_options_count')
  .max(LIMITS.options, 'library_options_count')
  .refine(distinct, 'library_options_duplicate');
const choiceFields = { id, prompt: localized, question: line, options, answer: z.number().int('library_answer_option').min(0, 'library_answer_option') };
const optionInRange = (s: { options: string[]; answer: number }, ctx: z.RefinementCtx) => {
  if (s.answer >= s.options.length) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'library_answer_option' });
};
const choiceStep = z.object({ kind: z.literal('choice'), ...choiceFields }).strict().superRefine(optionInRange);

/** How many gaps a text has. */
export const gapCount = (text: string) => text.split(GAP).length - 1;
const gapStep = z
  .object({
    kind: z.literal('gap'),
    id,
    prompt: localized,
    text: longText,
    answer: z.array(z.array(line).min(1, 'required').max(5, 'too_long')).min(1, 'library_gap_count').max(LIMITS.gaps, 'library_gap_count'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (gapCount(s.text) !== s.answer.length) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'library_gap_count' });
  });

const matchingStep = z
  .object({ kind: z.literal('matching'), id, prompt: localized, pairs: z.array(z.tuple([line, line])).min(2, 'library_options_count').max(LIMITS.pairs, 'library_options_count') })
  .strict()
  .superRefine((s, ctx) => {
    if (!distinct(s.pairs.map((p) => p[0])) || !distinct(s.pairs.map((p) => p[1]))) ctx.addIssue({ code: 'custom', path: ['pairs'], message: 'library_options_duplicate' });
  });

/** A word-order sentence's pieces: split on spaces. */
export const tokensOf = (sentence: string) => sentence.trim().split(/\s+/);
const sortedWords = (s: string) => tokensOf(s.toLowerCase()).sort().join(' ');
// Case aside: the student orders the answer's own pieces, and the check ignores case.
const sameTokens = (a: string, b: string) => sortedWords(a) === sortedWords(b);
const orderStep = z
  .object({ kind: z.literal('order'), id, prompt: localized, answer: line, accept: z.array(line).max(5, 'too_long').optional() })
  .strict()
  .superRefine((s, ctx) => {
    const n = tokensOf(s.answer).length;
    if (n < 2 || n > LIMITS.tokens) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'library_order_words' });
    s.accept?.forEach((a, i) => {
      if (!sameTokens(a, s.answer)) ctx.addIssue({ code: 'custom', path: ['accept', i], message: 'library_order_same_words' });
    });
  });

const listeningStep = z
  .object({ kind: z.literal('listening'), audio: mediaName, transcript: longText.optional(), ...choiceFields })
  .strict()
  .superRefine(optionInRange);

const writingStep = z
  .object({ kind: z.literal('writing'), id, prompt: localized, task: longText, minWords: z.number().int().min(1).max(500).optional() })
  .strict();
const speakingStep = z
  .object({ kind: z.literal('speaking'), id, prompt: localized, task: longText, seconds: z.number().int().min(10).max(300).optional() })
  .strict();

export const stepSchema = z.discriminatedUnion(
  'kind',
  [textStep, wordsStep, grammarStep, choiceStep, gapStep, matchingStep, orderStep, listeningStep, writingStep, speakingStep],
  { error: 'library_step_kind' },
);
export type Step = z.infer<typeof stepSchema>;
export type StepOf<K extends Step['kind']> = Extract<Step, { kind: K }>;

export const unitSchema = z
  .object({ id, title: localized, steps: z.array(stepSchema).min(1, 'required').max(LIMITS.steps, 'too_long') })
  .strict()
  .superRefine((u, ctx) => {
    const seen = new Set<string>();
    u.steps.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: 'library_id_duplicate' });
      seen.add(s.id);
    });
  });
export type Unit = z.infer<typeof unitSchema>;

/** A course's own fields (the file's head; the back office's course form). */
const courseFields = {
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug_format').max(80, 'too_long'),
  subject: z.enum(LIBRARY_SUBJECTS, { error: 'invalid_value' }),
  level: z.enum(LIBRARY_LEVELS, { error: 'invalid_value' }),
  ageBand: z.enum(AGE_BANDS, { error: 'invalid_value' }),
  title: localized,
  description: localizedText,
};
export const courseFieldsSchema = z.object(courseFields).strict();
export type CourseFields = z.infer<typeof courseFieldsSchema>;

export const courseFileSchema = z
  .object({
    format: z.literal(COURSE_FORMAT, { error: 'library_format' }),
    version: z.literal(COURSE_FORMAT_VERSION, { error: 'library_format' }),
    ...courseFields,
    units: z.array(unitSchema).min(1, 'required').max(LIMITS.units, 'too_long'),
  })
  .strict()
  .superRefine((c, ctx) => {
    const seen = new Set<string>();
    c.units.forEach((u, i) => {
      if (seen.has(u.id)) ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: 'library_id_duplicate' });
      seen.add(u.id);
    });
  });
export type CourseFile = z.infer<typeof courseFileSchema>;

/** `units[2].steps[4].answer`: a problem's place in the file, as a reader finds it. */
export function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${String(p)}` : String(p)), '') || '_';
}

/** The message key of a problem zod found without one of ours (a missing field, a wrong type, an unknown field). */
const fallbackKey: z.core.$ZodErrorMap = (iss) => {
  if (iss.code === 'invalid_type') return iss.input === undefined ? 'required' : 'invalid_value';
  if (iss.code === 'too_big' && iss.origin === 'string') return 'too_long';
  return 'invalid_value';
};

function problemsOf(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems[pathOf([...issue.path, key])] ??= 'library_unknown_field';
      continue;
    }
    problems[pathOf(issue.path)] ??= issue.message;
  }
  return problems;
}

/** Every problem of a course file, by path (the first message of each place); empty when the file is good. */
export function parseCourseFile(file: unknown): { ok: true; course: CourseFile } | { ok: false; problems: Record<string, string> } {
  const parsed = courseFileSchema.safeParse(file, { error: fallbackKey });
  return parsed.success ? { ok: true, course: parsed.data } : { ok: false, problems: problemsOf(parsed.error) };
}

/** A unit as the file has it (the back office's editor checks with this): every problem by its path (`steps[4].answer`). */
export function parseUnit(unit: unknown): { ok: true; unit: Unit } | { ok: false; problems: Record<string, string> } {
  const parsed = unitSchema.safeParse(unit, { error: fallbackKey });
  return parsed.success ? { ok: true, unit: parsed.data } : { ok: false, problems: problemsOf(parsed.error) };
}

/** Every kind the format knows (the projection's test walks them all). */
export const STEP_KINDS_IN_FORMAT = stepSchema.options.map((o) => o.shape.kind.value);
