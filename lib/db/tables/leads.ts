// ── Leads (issue: leads): the public intake and the sales pipeline.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { LEAD_STATUSES, type LeadStatus } from '../../validations/lead-pipeline';
import { createdAt, consent } from './columns';
import { staff } from './staff';

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    locale: text('locale').notNull(),
    page: text('page').notNull(),
    utmFirst: jsonb('utm_first').$type<Record<string, string>>().notNull().default({}),
    utmLast: jsonb('utm_last').$type<Record<string, string>>().notNull().default({}),
    answers: jsonb('answers').$type<Record<string, string | string[]>>(),
    /** The tariff plan chosen with "Choose" on the tariff page, and the promo code applied there. */
    plan: text('plan'),
    promoCode: text('promo_code'),
    /**
     * Whether the code was applied: counted against its usage limit in the lead's transaction
     * (lib/promo/use.ts). False: kept as the visitor gave it, without the discount (exhausted,
     * expired, unknown, or not for this plan). Null: no code.
     */
    promoApplied: boolean('promo_applied'),
    ipHash: text('ip_hash'),
    ...consent(),
    createdAt: createdAt(),
    // ── The back office's pipeline (lib/leads) ──
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    lostReason: text('lost_reason'),
    assigneeId: integer('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Callbacks: when the promised call is due, counted in the school's working hours. */
    callbackDueAt: timestamp('callback_due_at', { withTimezone: true }),
    /** The first move out of `new` (the callback promise is measured against this). */
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    /** When the 45-minute reminder about a still-new callback was queued. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    index('leads_phone_idx').on(t.phone),
    index('leads_status_idx').on(t.status, t.createdAt),
    index('leads_kind_idx').on(t.kind, t.createdAt),
    index('leads_assignee_idx').on(t.assigneeId, t.createdAt),
    // Search by a fragment of a name or phone (ILIKE '%…%'): trigram indexes (pg_trgm). The migration
    // creates them only where the extension is available; elsewhere the search scans (migration 0007).
    index('leads_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('leads_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    // The pipeline's stages (lib/validations/lead-pipeline.ts LEAD_STATUSES), held by the database
    // too: changing the list makes drizzle-kit write the migration, where stored rows are moved.
    check('leads_status_check', sql`${t.status} in (${sql.raw(LEAD_STATUSES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/** A lead's history: status moves, assignments, notes (who and when). */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    type: text('type').$type<'status' | 'assign' | 'note'>().notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);
