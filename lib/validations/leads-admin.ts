import { z } from 'zod';
import { LEAD_NOTE_MAX, LOST_REASONS, PIPELINE, type LeadStatus } from './lead-pipeline';

// The bodies of the leads calls (route handlers; the forms use lib/validations/lead-pipeline.ts).

const statusField = z.enum(PIPELINE as [LeadStatus, ...LeadStatus[]], { error: 'invalid_value' });

/** A move: the status wanted, and the status the manager saw (a lead changed meanwhile is a 409). */
export const leadMoveSchema = z
  .object({
    status: statusField,
    expected: statusField,
    lostReason: z.enum(LOST_REASONS, { error: 'invalid_value' }).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'lost' && !v.lostReason) ctx.addIssue({ code: 'custom', path: ['lostReason'], message: 'required' });
  });
export type LeadMove = z.output<typeof leadMoveSchema>;

/** A staff id, `me`, or null (nobody). */
export const leadAssignSchema = z.object({
  assigneeId: z.union([z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(999_999_999, 'invalid_value'), z.literal('me'), z.null()], {
    error: 'invalid_value',
  }),
});

/** Control characters (a stray one pasted from elsewhere; the database refuses NUL) are dropped; lines and tabs stay. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const leadNoteSchema = z.object({
  text: z
    .string({ error: 'required' })
    .transform((v) => v.replace(CONTROL, ''))
    .pipe(z.string().trim().min(1, { error: 'required', abort: true }).max(LEAD_NOTE_MAX, 'too_long')),
});

export const dutySchema = z.object({ onDuty: z.boolean({ error: 'invalid_value' }) });
