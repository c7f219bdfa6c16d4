// ── Placement test and Kazakh level test (issue: tests): attempts, takers, certificates.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, consent, bytea } from './columns';
import { staff } from './staff';
import { users } from './accounts';
import { companies } from './companies';

/** What the result call stores: the score without the answer key. */
export interface StoredTestResult {
  correct: number;
  wrong: number;
  unanswered: number;
  total: number;
  level: string;
  levelName: string;
  cefr: string;
  levelReached: boolean;
  perSkill: Record<string, { correct: number; total: number }>;
  /** False when too few items were answered to place the taker (Kazakh test: no level, no certificate). */
  determined?: boolean;
}

/**
 * One sitting of a test. The drawn items are rebuilt from (kind, seed, item_count), or, when the draw
 * depended on the database (the Kazakh test's exposure control), from the stored item ids and the
 * seed; the key is never stored. The browser holds an opaque token whose SHA-256 is token_hash.
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<'placement' | 'kazakh'>().notNull(),
    seed: text('seed').notNull(),
    itemCount: integer('item_count').notNull(),
    /** The drawn bank item ids in test order (Kazakh test); null: rebuilt from the seed alone (placement). */
    items: jsonb('items').$type<string[]>(),
    locale: text('locale').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Record<string, number | null>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    status: text('status').$type<'active' | 'finished'>().notNull().default('active'),
    result: jsonb('result').$type<StoredTestResult>(),
    level: text('level'),
    /** Signals for the back office, e.g. 'few_answers' (a finish with most items left blank). */
    flags: jsonb('flags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Annulled by the school (e.g. a broken laptop): the taker may sit the test once more. */
    annulledAt: timestamp('annulled_at', { withTimezone: true }),
    annulReason: text('annul_reason'),
    annulledBy: integer('annulled_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [index('test_attempts_company_idx').on(t.companyId, t.createdAt), index('test_attempts_user_idx').on(t.userId)],
);

/**
 * Kazakh test takers: one live row per IIN, ever. The IIN is kept only as a keyed hash (HMAC-SHA256
 * with the application secret) and its last four digits; the partial UNIQUE index makes "once per
 * IIN" hold under any concurrency. Annulling a sitting (back office) marks its row, which allows
 * exactly one new row: the retake.
 */
export const kazakhTestTakers = pgTable(
  'kazakh_test_takers',
  {
  id: serial('id').primaryKey(),
  iinHash: text('iin_hash').notNull(),
  iinLast4: text('iin_last4').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  workerCode: text('worker_code').notNull(),
  companyId: integer('company_id').references(() => companies.id),
  attemptId: integer('attempt_id')
    .notNull()
    .unique()
    .references(() => testAttempts.id, { onDelete: 'cascade' }),
  /**
   * The server matched the taker on the company's roster when the sitting started (a personal
   * invitation, or a roster-only company's form): names and IIN are the roster's. Copied to the
   * certificate ("verified against the employer's roster").
   */
  identityChecked: boolean('identity_checked').notNull().default(false),
  /**
   * A public sitting's phone, confirmed by SMS before the start: a keyed hash (`hashTestPhone`), for the
   * rule of one sitting per phone per 12 months. Null for roster sittings (the roster is the identity)
   * and once the row is anonymised.
   */
  phoneHash: text('phone_hash'),
  ...consent(),
  createdAt: createdAt(),
  annulledAt: timestamp('annulled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kazakh_test_takers_live_iin').on(t.iinHash).where(sql`annulled_at is null`),
    index('kazakh_test_takers_iin_idx').on(t.iinHash),
    index('kazakh_test_takers_company_idx').on(t.companyId, t.createdAt),
    index('kazakh_test_takers_phone_idx').on(t.phoneHash, t.createdAt),
  ],
);

/** Issued certificates; /certificate/{number} confirms them publicly (name shortened). */
export const certificates = pgTable('certificates', {
  id: serial('id').primaryKey(),
  number: text('number').notNull().unique(),
  attemptId: integer('attempt_id')
    .notNull()
    .unique()
    .references(() => testAttempts.id, { onDelete: 'cascade' }),
  takerId: integer('taker_id')
    .notNull()
    .references(() => kazakhTestTakers.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  level: text('level').notNull(),
  levelName: text('level_name').notNull(),
  companyName: text('company_name'),
  /** True only when the taker's identity was checked against a company's roster (corporate portal). */
  identityChecked: boolean('identity_checked').notNull().default(false),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** Revoked by the school: /certificate/{number} then says so and when. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokeReason: text('revoke_reason'),
});

/** A certificate's PDF, rendered once and kept: downloads never render again. */
export const certificatePdfs = pgTable('certificate_pdfs', {
  certificateId: integer('certificate_id')
    .primaryKey()
    .references(() => certificates.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});

/** How often each bank item was shown: the draw prefers the least exposed (exposure control). */
export const quizItemExposure = pgTable('quiz_item_exposure', {
  itemId: text('item_id').primaryKey(),
  shown: integer('shown').notNull().default(0),
});
