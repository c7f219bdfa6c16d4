// The platform's tables: the outbox, rate limits, captcha replay, stored media, the audit log.
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, bytea } from './columns';

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** An e-mail's calendar invitation (text/calendar, RFC 5545), sent as nodemailer's icalEvent. */
    ics: text('ics'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const captchaTokens = pgTable('captcha_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Uploaded files served under /api/media (tutor photos, re-encoded WebP: lib/media/photo.ts),
 * by their path below /api/media (`tutors/{id}-{size}.webp`). In the database, not on one server's
 * disk: every instance serves them, and every backup (pg_dump, the embedded database's dump) holds
 * them. A stored file never changes (a new upload gets a new name).
 */
export const media = pgTable('media', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * The audit log: every change made by staff (or a company) and every view or export of personal
 * data. Append-only: a trigger refuses UPDATE and DELETE (migration 0006).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorKind: text('actor_kind').$type<'staff' | 'company' | 'system'>().notNull(),
    actorId: integer('actor_id'),
    /** The actor's e-mail at the time: the log stays readable after an account changes. */
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ipHash: text('ip_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * A notice sent once (a reminder the job must not repeat: "the payout register of 2026-10 is due"):
 * its key is claimed with an insert in the transaction that enqueues the message, so parallel passes
 * and instances send it once (lib/outbox/once.ts).
 */
export const sentNotices = pgTable('sent_notices', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
