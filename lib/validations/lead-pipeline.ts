// The leads pipeline's rules as plain data, for the server, the database schema (lib/db/schema.ts)
// and the back office's forms alike. No zod here: the admin's client code stays off the zod build
// the public lead form shares. No imports either: drizzle-kit loads this file with the schema.

/** The pipeline's stages, in order: the one list (the column `leads.status` holds one of them). */
export const LEAD_STATUSES = ['new', 'contacted', 'trial_scheduled', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const PIPELINE: readonly LeadStatus[] = LEAD_STATUSES;

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

export const LEAD_NOTE_MAX = 2000;

/** The kinds of lead the list shows (lib/leads/filters.ts LEAD_LIST_KINDS, for the forms). */
export const LEAD_LIST_KINDS_UI = ['feedback', 'callback', 'trial', 'quiz', 'registration'] as const;
