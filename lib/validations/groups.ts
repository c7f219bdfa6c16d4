import { z } from 'zod';
import { formatClock, parseClock } from './booking';
import { AGE_BANDS, GROUP_LESSON_MINUTES, GROUP_LESSONS_MAX, GROUP_LEVELS, GROUP_MAX_SEATS, GROUP_MIN_SEATS_DEFAULT, GROUP_PRICE_MIN_TIYN, GROUP_SUBJECTS } from './group-rules';
import { noControlChars } from './query';

// Group lessons (issue 33): the staff's form and the public list's filters, on the rules of
// ./group-rules.ts. Pure: client and server. Messages: keys of "Validation".

export * from './group-rules';
export { formatClock, parseClock };

const int = (min: number, max: number) => z.number({ error: 'invalid_value' }).int('invalid_value').min(min, 'invalid_value').max(max, 'invalid_value');
const id = int(1, 2_147_483_647);
const ymd = z
  .string({ error: 'invalid_value' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { message: 'invalid_value' });

/** "18:30" (on the quarter hour) → minutes after midnight in Almaty. */
export function parseStartTime(value: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m || Number(m[2]) % 15 !== 0) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** What staff set for a group (create, and the whole form again on edit). Prices in whole tenge, as the form shows them. */
export const groupSchema = z
  .object({
    subject: z.enum(GROUP_SUBJECTS, { error: 'required' }),
    level: z.enum(GROUP_LEVELS, { error: 'required' }),
    ageBand: z.enum(AGE_BANDS, { error: 'required' }),
    tutorId: id,
    /** ISO weekdays, 1 = Monday … 7 = Sunday. */
    weekdays: z
      .array(int(1, 7), { error: 'invalid_value' })
      .min(1, 'required')
      .max(7, 'invalid_value')
      .transform((ds) => [...new Set(ds)].sort((a, b) => a - b)),
    startTime: z
      .string({ error: 'required' })
      .refine((v) => parseStartTime(v) !== null, 'invalid_value')
      .transform((v) => parseStartTime(v)!),
    durationMinutes: int(GROUP_LESSON_MINUTES.min, GROUP_LESSON_MINUTES.max).default(GROUP_LESSON_MINUTES.default),
    startDate: ymd,
    lessons: int(1, GROUP_LESSONS_MAX),
    minSeats: int(1, GROUP_MAX_SEATS).default(GROUP_MIN_SEATS_DEFAULT),
    maxSeats: int(1, GROUP_MAX_SEATS).default(GROUP_MAX_SEATS),
    /** Whole tenge a lesson, from 3 500. */
    pricePerLesson: int(GROUP_PRICE_MIN_TIYN / 100, 100_000),
    description: z.string({ error: 'invalid_value' }).trim().max(2000, 'too_long').refine(noControlChars, 'control_chars').default(''),
    /** A closed corporate group of this company (billed on its invoice; nobody else sees it). */
    companyId: id.nullable().default(null),
  })
  .refine((g) => g.minSeats <= g.maxSeats, { message: 'invalid_value', path: ['minSeats'] });
export type GroupInput = z.input<typeof groupSchema>;
export type GroupValues = z.output<typeof groupSchema>;

/** The public list's filters (/groups): every one optional. */
export const groupFilterSchema = z.object({
  subject: z.enum(GROUP_SUBJECTS).optional(),
  level: z.enum(GROUP_LEVELS).optional(),
  ageBand: z.enum(AGE_BANDS).optional(),
  weekday: int(1, 7).optional(),
  tutorId: id.optional(),
});
export type GroupFilter = z.output<typeof groupFilterSchema>;

/** Why the school cancels a group or one of its lessons (the notice says it). */
export const cancelReasonSchema = z.string({ error: 'required' }).trim().min(1, 'required').max(500, 'too_long').refine(noControlChars, 'control_chars');

/** POST /api/admin/groups/{id}/cancel and …/lessons/{id}/cancel: why (the audit keeps it). */
export const groupCancelSchema = z.object({ reason: cancelReasonSchema });
/** POST /api/admin/groups/{id}/merge and …/seats/{id}/move: the group the students go to. */
export const groupIntoSchema = z.object({ into: id });
/** POST /api/admin/groups/lessons/{id}/move: the lesson's new start (an instant with its offset). */
export const groupLessonMoveSchema = z.object({ startsAt: z.iso.datetime({ offset: true, error: 'invalid_value' }).transform((s) => new Date(s)) });
/** PUT /api/admin/groups/tutors/{id}: whether the tutor teaches groups. */
export const teachesGroupsSchema = z.object({ teachesGroups: z.boolean({ error: 'invalid_value' }) });
/** GET /api/groups: the filters as a query string (numbers as text). */
export const groupQuerySchema = z.object({
  subject: z.enum(GROUP_SUBJECTS).optional().catch(undefined),
  level: z.enum(GROUP_LEVELS).optional().catch(undefined),
  ageBand: z.enum(AGE_BANDS).optional().catch(undefined),
  weekday: z.coerce.number().int().min(1).max(7).optional().catch(undefined),
  tutorId: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
});
/** POST /api/company/groups/{id}/enrol: the roster's employee HR seats in the company's group. */
export const groupEnrolSchema = z.object({ employeeId: id });
/** POST /api/company/groups/{id}/unenrol: the employee HR takes out of the company's group. */
export const groupUnenrolSchema = groupEnrolSchema;
/** POST /api/company/groups/{id}/invoice: HR orders the group's invoice for this many seats (messages: Company.validation). */
export const groupInvoiceSchema = z.object({
  seats: z.number({ error: 'group_invoice_seats' }).int('group_invoice_seats').min(1, 'group_invoice_seats').max(GROUP_MAX_SEATS, 'group_invoice_seats'),
});
