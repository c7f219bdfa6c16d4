import { z } from 'zod';
import type { LeadStatus } from '@/lib/db/schema';

export type { LeadStatus };

// The leads pipeline's rules and the bodies of its calls: shared by the route handlers and the
// back office's forms (plain data, no server code).

export const PIPELINE: readonly LeadStatus[] = ['new', 'contacted', 'trial_scheduled', 'won', 'lost'];

/**
 * The moves a sales manager makes: forward, straight to won or lost, one step back after a
 * mistake, a cancelled trial back to contacted, a lost lead reopened, a won one undone.
 */
export const LEAD_MOVES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'trial_scheduled', 'won', 'lost'],
  contacted: ['new', 'trial_scheduled', 'won', 'lost'],
  trial_scheduled: ['contacted', 'won', 'lost'],
  won: ['trial_scheduled', 'lost'],
  lost: ['new', 'contacted', 'trial_scheduled'],
};

export const canMove = (from: LeadStatus, to: LeadStatus) => LEAD_MOVES[from].includes(to);

/** Why a lead was lost: a fixed list, so the reasons can be counted. */
export const LOST_REASONS = ['no_answer', 'too_expensive', 'other_school', 'not_interested', 'wrong_number', 'duplicate', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

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

export const LEAD_NOTE_MAX = 2000;
/** Control characters (a stray one pasted from elsewhere; the database refuses NUL) are dropped; lines and tabs stay. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const leadNoteSchema = z.object({
  text: z
    .string({ error: 'required' })
    .transform((v) => v.replace(CONTROL, ''))
    .pipe(z.string().trim().min(1, { error: 'required', abort: true }).max(LEAD_NOTE_MAX, 'too_long')),
});

export const dutySchema = z.object({ onDuty: z.boolean({ error: 'invalid_value' }) });

/** The kinds of lead the list shows (lib/crm/filters.ts LEAD_LIST_KINDS, for the forms). */
export const LEAD_LIST_KINDS_UI = ['feedback', 'callback', 'trial', 'quiz', 'registration'] as const;
