// ── Back office (issue: back office): the school's staff, their links, recovery codes and sessions.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import type { Scope } from '../../validations/staff-scopes';

/**
 * The school's staff: accounts of role `staff`, apart from students and tutors (another sign-in,
 * a mandatory second factor, shorter sessions). Scopes are any mix of STAFF_SCOPE_LIST (lib/validations/staff-scopes.ts).
 * The TOTP secret is stored encrypted (lib/crypto/secret-box.ts); `totpLastStep` refuses a code twice.
 */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  role: text('role').$type<'staff'>().notNull().default('staff'),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  scopes: jsonb('scopes').$type<Scope[]>().notNull().default(sql`'[]'::jsonb`),
  locale: text('locale').notNull().default('ru'),
  passwordHash: text('password_hash'),
  totpSecret: text('totp_secret'),
  totpLastStep: integer('totp_last_step').notNull().default(0),
  /** Sales staff on duty take new leads round-robin. */
  onDuty: boolean('on_duty').notNull().default(true),
  /** Round-robin position: the sales person assigned least recently goes next. */
  lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
  invitedBy: integer('invited_by'),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Single-use links: an invitation (or the first admin's) to set the password and enrol TOTP. */
export const staffLinks = pgTable(
  'staff_links',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The TOTP secret offered on the enrolment page (encrypted), kept until the link is used. */
    pendingTotpSecret: text('pending_totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_links_staff_idx').on(t.staffId)],
);

/** Recovery codes (hashed), each usable once instead of a TOTP code. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_staff_idx').on(t.staffId)],
);

/** Staff sessions (an HttpOnly cookie holds the token): 30 idle minutes, 12 hours in all. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ipHash: text('ip_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);
