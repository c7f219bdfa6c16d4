import { z } from 'zod';
import { iinField } from './company-roster';
import { noControlChars } from './query';
import { TUTOR_SUBJECTS } from './registration';
import { schoolDayStart } from '@/lib/time/school-clock';

// The tutor's availability editor and the booking calls (issue 14). Messages: keys of "Validation".

export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const MAX_RANGES_PER_DAY = 6;
export const MAX_DAYS_OFF = 60;

const minute = z.number({ error: 'invalid_value' }).int('invalid_value').min(0, 'invalid_value').max(1440, 'invalid_value');

/** "HH:MM" on the half hour → minutes from midnight ("24:00" ends a day). */
export function parseClock(value: string): number | null {
  const m = /^([01]\d|2[0-4]):([03]0)$/.exec(value);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 1440 ? minutes : null;
}

export const formatClock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const range = z
  .tuple([minute, minute], { error: 'invalid_value' })
  .refine(([a, b]) => a % 30 === 0 && b % 30 === 0, { message: 'schedule_half_hour' })
  .refine(([a, b]) => b - a >= 30, { message: 'schedule_range_order' });

const dayRanges = z
  .array(range, { error: 'invalid_value' })
  .max(MAX_RANGES_PER_DAY, 'too_long')
  .transform((rs) => [...rs].sort((a, b) => a[0] - b[0]))
  .refine((rs) => rs.every((r, i) => i === 0 || r[0] >= rs[i - 1]![1]), { message: 'schedule_overlap' });

const ymd = z
  .string({ error: 'invalid_value' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { message: 'invalid_value' });

/** Weekly ranges in the school's time: ISO weekday → up to 6 half-hour ranges (a schedule's, a chat duty's). */
export const weeklyRanges = z.partialRecord(z.enum(WEEKDAYS, { error: 'invalid_value' }), dayRanges, { error: 'invalid_value' });

export const scheduleSchema = z.object({
  weekly: weeklyRanges,
  daysOff: z
    .array(ymd, { error: 'invalid_value' })
    .max(MAX_DAYS_OFF, 'too_long')
    .transform((ds) => [...new Set(ds)].sort()),
  minNoticeHours: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(168, 'invalid_value'),
  horizonWeeks: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(12, 'invalid_value'),
});
export type ScheduleInput = z.input<typeof scheduleSchema>;

/** A trial's subject: the registration's subject codes (labels: Registration.tutor.subjects). */
const subject = z.enum(TUTOR_SUBJECTS, { error: 'required' });
const instant = z.iso.datetime({ offset: true, error: 'invalid_value' }).transform((s) => new Date(s));
const tutorId = z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value');

export const holdSchema = z.object({ tutorId, startsAt: instant });
/** A visitor's hold (no account yet): long enough to sign in or register on the way (the page says so). */
export const GUEST_HOLD_MINUTES = 5;
/** Live guest holds one tutor may have at once (security review M2). */
export const GUEST_HOLDS_PER_TUTOR = 3;

export const bookSchema = z.object({
  tutorId,
  startsAt: instant,
  subject,
  /** The browser's key for this attempt: a retry with the same key answers the same lesson. */
  idempotencyKey: z.string({ error: 'required' }).regex(/^[\w-]{16,80}$/, 'invalid_value'),
  /** The hold taken before signing in, when there was one. */
  holdToken: z.string({ error: 'invalid_value' }).regex(/^[\w-]{20,80}$/, 'invalid_value').optional(),
});

export const cancelSchema = z.object({ reason: z.string({ error: 'invalid_value' }).trim().max(500, 'too_long').refine(noControlChars, 'control_chars').optional() });
export const rescheduleSchema = z.object({ startsAt: instant });
/**
 * The tutor's manual mark: a correction of the outcome the room's log gives (issue 23), so always
 * with a reason, kept with who and when for staff.
 */
export const markSchema = z.object({
  outcome: z.enum(['held', 'not_held'], { error: 'invalid_value' }),
  noShow: z.enum(['student', 'tutor', 'both'], { error: 'invalid_value' }).optional(),
  reason: z.string({ error: 'required' }).trim().min(3, 'reason_required').max(500, 'too_long').refine(noControlChars, 'control_chars'),
}).refine((v) => v.outcome === 'held' || v.noShow, { message: 'required', path: ['noShow'] });
export const rateSchema = z.object({
  rating: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(5, 'invalid_value'),
  comment: z.string({ error: 'invalid_value' }).trim().max(500, 'too_long').refine(noControlChars, 'control_chars').optional(),
});

/** The back office's trial figures: a period of school dates (default: the last 30 days to the next 30). */
export const trialsQuery = z.object({
  from: ymd.optional(),
  to: ymd.optional(),
});
export function trialsPeriod(q: z.output<typeof trialsQuery>, now = new Date()): { from: Date; to: Date } {
  const from = q.from ? schoolDayStart(q.from) : new Date(now.getTime() - 30 * 86_400_000);
  const to = q.to ? new Date(schoolDayStart(q.to).getTime() + 86_400_000) : new Date(now.getTime() + 30 * 86_400_000);
  return { from, to };
}

/** The tutor's week grid: any school date of the week (default: this week). */
export const weekQuery = z.object({ week: ymd.optional() });

/** PUT /api/admin/trials/{id}/company: the roster employee whose company pays for the lesson, or null (the student pays). */
const rowId = z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value');
/**
 * PUT /api/admin/trials/{id}/company: the roster employee whose company pays for the lesson — by
 * its id, or found by the company and the employee's IIN (the back office's form) — or null (the
 * student pays).
 */
export const lessonCompanySchema = z.union([
  z.object({ employeeId: rowId.nullable() }).strict(),
  z.object({ companyId: rowId, iin: iinField }).strict(),
]);
export type LessonCompanyInput = z.infer<typeof lessonCompanySchema>;
/** The back office's form of it (the company from a list, the IIN typed). */
export const lessonCompanyFormSchema = z.object({ companyId: z.coerce.number({ error: 'required' }).int().min(1, 'required'), iin: iinField });
export type LessonCompanyFormValues = z.input<typeof lessonCompanyFormSchema>;
