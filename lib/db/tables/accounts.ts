// ── Accounts (issue: accounts): students and tutors, their applications, SMS codes, sessions, resets.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt, consent } from './columns';
import { staff } from './staff';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role').$type<'student' | 'tutor'>().notNull(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    secondname: text('secondname'),
    phone: text('phone').notNull().unique(),
    email: text('email').unique(), // stored lower-cased; set only once confirmed by a link
    passwordHash: text('password_hash').notNull(),
    subject: text('subject'),
    teachingLanguage: text('teaching_language'),
    tutorKind: text('tutor_kind').$type<'international' | 'local'>(),
    locale: text('locale').notNull().default('ru'),
    scope: text('scope').notNull().default('student'),
    utmFirst: jsonb('utm_first').$type<Record<string, string>>().notNull().default({}),
    utmLast: jsonb('utm_last').$type<Record<string, string>>().notNull().default({}),
    ...consent(),
    createdAt: createdAt(),
    /** Blocked by the school: sessions end and sign-in is refused with a clear message. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
  },
  (t) => [index('users_created_idx').on(t.createdAt)],
);

export const tutorApplications = pgTable('tutor_applications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<TutorApplicationStatus>().notNull().default('submitted'),
  rejectReason: text('reject_reason'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  reviewDueAt: timestamp('review_due_at', { withTimezone: true }).notNull(),
  // ── The review (lib/review) ──
  /** Reason codes of a rejection or a request for changes (messages: Review.reasons.*). */
  reasons: jsonb('reasons').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The reviewer's free note to the applicant. */
  reviewNote: text('review_note'),
  reviewerId: integer('reviewer_id').references(() => staff.id, { onDelete: 'set null' }),
  reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** 1 for the first submission, +1 for each resubmission after a rejection or a request for changes. */
  round: integer('round').notNull().default(1),
});

export type TutorApplicationStatus = 'submitted' | 'in_review' | 'approved' | 'rejected' | 'changes_requested';

/** An application's history: submissions, review moves, decisions with their reasons. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => tutorApplications.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    reasons: jsonb('reasons').$type<string[]>(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('application_events_app_idx').on(t.applicationId, t.createdAt)],
);

/**
 * Documents a tutor attaches to their application (a diploma, a certificate: lib/review/documents.ts):
 * PDF, JPEG or PNG checked by their content, at most 5 per application. Never served publicly: only a
 * reviewer opens them, through an audited back-office route. Deleted with the application (and so
 * with the account, when retention or the tutor deletes it).
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => tutorApplications.id, { onDelete: 'cascade' }),
    /** The name the tutor's file had (cleaned), shown in lists and offered on download. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<'application/pdf' | 'image/jpeg' | 'image/png'>().notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('application_documents_app_idx').on(t.applicationId)],
);

/** One-time SMS codes: stored only as a hash, bound to one phone and one purpose. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<'register' | 'reset' | 'lesson' | 'company_login' | 'kazakh_test'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** Opaque refresh tokens (hashed), rotated on use; a reused one revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    familyCreatedAt: timestamp('family_created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_family_idx').on(t.familyId), index('refresh_user_idx').on(t.userId)],
);

/** Single-use e-mail links for password reset. */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Authentication events, never with codes, passwords or tokens. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    userId: integer('user_id'),
    ipHash: text('ip_hash'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean>>(),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_created_idx').on(t.createdAt)],
);

/** A new e-mail address waits here until its owner opens the single-use link (valid 24 hours). */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);

/** The demo tutors' accounts (lib/server/demo-tutors.ts): no password can match it, and nothing is sent to them. */
export const DEMO_PASSWORD_HASH = '!demo';
