import { z } from 'zod';
import { optionalPersonNameField, personNameField } from './person-name';
import { noControlChars } from './query';
import { tutorKindStep, tutorLanguageStep, tutorSubjectStep } from './registration';

// Tutor application review (lib/review): the reviewer's actions and the tutor's resubmission.
// Messages are keys of the "Validation" namespace.

export const APPLICATION_STATUSES = ['submitted', 'in_review', 'changes_requested', 'rejected', 'approved'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Waiting for the school: the ones a due date is promised for. */
export const OPEN_STATUSES = ['submitted', 'in_review'] as const satisfies readonly ApplicationStatus[];

/** Why an application is rejected or sent back (messages: Review.reasons.*). `other` needs a note. */
export const REVIEW_REASONS = ['subject_knowledge', 'experience', 'documents', 'profile_data', 'video', 'other'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const REVIEW_NOTE_MAX = 1000;

/** The status (and round) the reviewer saw: a stale one is a 409 (optimistic concurrency). */
const expectShape = {
  expected: z.enum(APPLICATION_STATUSES, { error: 'invalid_value' }),
  round: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(10_000, 'invalid_value').optional(),
};

const reasonsShape = {
  reasons: z
    .array(z.enum(REVIEW_REASONS, { error: 'invalid_value' }), { error: 'review_reasons_required' })
    .min(1, 'review_reasons_required')
    .max(REVIEW_REASONS.length, 'invalid_value')
    .transform((r) => [...new Set(r)]),
  note: z
    .string({ error: 'invalid_value' })
    .trim()
    .max(REVIEW_NOTE_MAX, 'too_long')
    .optional()
    .transform((n) => n || ''),
};

function noteForOther(v: { reasons: string[]; note: string }, ctx: z.RefinementCtx) {
  if (v.reasons.includes('other') && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'review_note_required' });
}

/** Start review and approve: only the status seen. */
export const reviewMoveSchema = z.object(expectShape);
/** The reviewer's form (reasons and note) as the page checks it. */
export const reviewReasonsSchema = z.object(reasonsShape).superRefine(noteForOther);
/** Reject and ask for changes: reasons (one or more), a note (required with `other`), the status seen. */
export const reviewDecisionSchema = z.object({ ...reasonsShape, ...expectShape }).superRefine(noteForOther);

/** What the tutor may correct in the cabinet: what the registration wizard collected. */
export const applicationCorrectionSchema = z.object({
  name: personNameField,
  lastname: personNameField,
  secondname: optionalPersonNameField,
  ...tutorKindStep.shape,
  ...tutorLanguageStep.shape,
  ...tutorSubjectStep.shape,
});
/** POST /api/user2/application/resubmit: the corrections and the application they belong to. */
export const applicationResubmitSchema = applicationCorrectionSchema.extend({
  id: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(2 ** 31 - 1, 'invalid_value'),
});

const blank = z.literal('').transform(() => undefined);
/** The queue's filters (URL of the page, query of GET /api/admin/applications). */
export const applicationQueueSchema = z.object({
  status: z.enum([...APPLICATION_STATUSES, 'open', 'all'], { error: 'invalid_value' }).or(blank).optional().transform((s) => s ?? 'open'),
  overdue: z.enum(['1'], { error: 'invalid_value' }).or(blank).optional(),
  q: z.string().trim().max(80, 'too_long').refine(noControlChars, 'invalid_value').optional(),
  page: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(100_000, 'invalid_value').default(1),
  pageSize: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(200, 'invalid_value').default(25),
});
export type ApplicationQueueFilter = z.output<typeof applicationQueueSchema>;
