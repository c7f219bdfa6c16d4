// ── Corporate clients and their portal (issues: tests, company portal).
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { createdAt } from './columns';
import { staff } from './staff';

/** Corporate clients: /stud-test/{slug} and /kazakh-test/{slug} tie results to one of them. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** Only the company's roster may take its Kazakh test (the entry form refuses any other IIN). */
  rosterOnly: boolean('roster_only').notNull().default(false),
  /** The legal entity's BIN (12 digits) and legal address, for the invoices of lesson pools (optional until the first invoice). */
  bin: text('bin'),
  legalAddress: text('legal_address'),
  /**
   * The rest of what a Kazakh invoice, act of completed work and reconciliation statement carry
   * (docs/payments.md, "Company lesson pools"): the company's bank account (ИИК, an IBAN), its bank
   * and БИК, the beneficiary code (Кбе), who signs for it (name and position) and the contract with
   * the school (number and date; without one, the documents name the public offer). All optional.
   */
  bankIban: text('bank_iban'),
  bankName: text('bank_name'),
  bankBic: text('bank_bic'),
  kbe: text('kbe'),
  signatoryName: text('signatory_name'),
  signatoryPosition: text('signatory_position'),
  contractNumber: text('contract_number'),
  /** YYYY-MM-DD. */
  contractDate: text('contract_date'),
  createdAt: createdAt(),
});

/**
 * A corporate client's HR person: role `company`, scope `company:{companyId}`, one company only.
 * Created by staff with a phone (SMS sign-in codes) and an e-mail (the set-password link); the
 * password is set through that link, the optional TOTP secret is stored sealed
 * (lib/crypto/secret-box.ts) and `totpLastStep` refuses a code twice.
 */
export const companyUsers = pgTable(
  'company_users',
  {
    id: serial('id').primaryKey(),
    role: text('role').$type<'company'>().notNull().default('company'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    locale: text('locale').notNull().default('ru'),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    /** A secret offered on the security page (sealed), kept until the first code confirms it. */
    pendingTotpSecret: text('pending_totp_secret'),
    totpLastStep: integer('totp_last_step').notNull().default(0),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('company_users_company_idx').on(t.companyId)],
);

/** Single-use links (72 hours) to set an HR person's password. */
export const companyUserLinks = pgTable(
  'company_user_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => companyUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('company_user_links_user_idx').on(t.userId)],
);

/** HR sessions (an HttpOnly cookie of their own holds the token): 30 idle minutes, 12 hours in all. */
export const companySessions = pgTable(
  'company_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => companyUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ipHash: text('ip_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('company_sessions_user_idx').on(t.userId)],
);

/**
 * A company's roster (corporate portal). The IIN is kept as the Kazakh test keeps it: a keyed hash
 * (lib/quiz/attempts.ts hashIin) for lookups and its last four digits for display; and, for the
 * audited full-IIN export only, sealed (AES-256-GCM, lib/crypto/secret-box.ts, purpose
 * `company-iin`): a copy of the database alone does not reveal it. One row per IIN per company.
 */
export const companyEmployees = pgTable(
  'company_employees',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    iinHash: text('iin_hash').notNull(),
    iinLast4: text('iin_last4').notNull(),
    iinSealed: text('iin_sealed').notNull(),
    positionCode: text('position_code').notNull(),
    department: text('department'),
    phone: text('phone'),
    email: text('email'),
    /** The language of the employee's invitations. */
    locale: text('locale').notNull().default('ru'),
    /**
     * The student account that took HR's invitation to the company's lessons (lib/payments/employer.ts):
     * from then on only this account books this employee's pool lessons. Without it, the account
     * whose phone (proven by SMS at registration) equals `phone` is the employee.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** HR's invitation to the lessons: the link's token as its SHA-256 (single use) and when it lapses. */
    lessonsInviteHash: text('lessons_invite_hash'),
    lessonsInviteExpiresAt: timestamp('lessons_invite_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_employees_iin').on(t.companyId, t.iinHash),
    // One roster row per account and company; the phone match looks rows up by phone.
    uniqueIndex('company_employees_user_uq').on(t.companyId, t.userId).where(sql`user_id is not null`),
    index('company_employees_phone_idx').on(t.phone).where(sql`phone is not null`),
    uniqueIndex('company_employees_lessons_invite_uq').on(t.lessonsInviteHash).where(sql`lessons_invite_hash is not null`),
    index('company_employees_name_idx').on(t.companyId, t.lastName, t.firstName),
  ],
);

/**
 * A personal invitation to the company's Kazakh test (corporate portal), one per employee. The link's
 * token is kept only as its SHA-256, and it is also the token of the attempt the link starts
 * (test_attempts.token_hash, UNIQUE): any number of simultaneous starts through one link make one
 * attempt, and the same link resumes it on any device. A re-send replaces the token (the old link
 * stops working) unless the test was started. Reminders are claimed by their marks.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .unique()
      .references(() => companyEmployees.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    channels: jsonb('channels').$type<('sms' | 'email')[]>().notNull(),
    sendCount: integer('send_count').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set (row locked) by the first start through the link: from then on the token never changes. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    remindedTwoDaysAt: timestamp('reminded_two_days_at', { withTimezone: true }),
    remindedOneDayAt: timestamp('reminded_one_day_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => companyUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_invitations_company_idx').on(t.companyId, t.deadline)],
);
