import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Consent to the processing of personal data: which text (lib/consent.ts CONSENT_VERSION) and when. */
const consent = () => ({
  consentVersion: text('consent_version'),
  consentAt: timestamp('consent_at', { withTimezone: true }),
});

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
    // ── The back office's pipeline (lib/crm) ──
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
  ],
);

export const LEAD_STATUSES = ['new', 'contacted', 'trial_scheduled', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

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

export const promoCodes = pgTable('promo_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  percentOff: integer('percent_off').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  maxUses: integer('max_uses'),
  usedCount: integer('used_count').notNull().default(0),
  plans: jsonb('plans').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  active: boolean('active').notNull().default(true),
  /** The marketing campaign the code belongs to (free text, for the back office's reports). */
  campaign: text('campaign'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const captchaTokens = pgTable('captcha_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: createdAt(),
});

// ── Accounts (issue: accounts) ──────────────────────────────────────────────────────────────
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

/** One-time SMS codes: stored only as a hash, bound to one phone and one purpose. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<'register' | 'reset' | 'lesson' | 'company_login'>().notNull(),
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

// ── Placement test and Kazakh level test (issue: tests) ─────────────────────────────────────

/** Corporate clients: /stud-test/{slug} and /kazakh-test/{slug} tie results to one of them. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** Only the company's roster may take its Kazakh test (the entry form refuses any other IIN). */
  rosterOnly: boolean('roster_only').notNull().default(false),
  createdAt: createdAt(),
});

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
  ...consent(),
  createdAt: createdAt(),
  annulledAt: timestamp('annulled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kazakh_test_takers_live_iin').on(t.iinHash).where(sql`annulled_at is null`),
    index('kazakh_test_takers_iin_idx').on(t.iinHash),
    index('kazakh_test_takers_company_idx').on(t.companyId, t.createdAt),
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

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** A certificate's PDF, rendered once and kept: downloads never render again. */
export const certificatePdfs = pgTable('certificate_pdfs', {
  certificateId: integer('certificate_id')
    .primaryKey()
    .references(() => certificates.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});

/**
 * Uploaded files served under /api/media (tutor photos, re-encoded WebP: lib/marketplace/photo.ts),
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

/** How often each bank item was shown: the draw prefers the least exposed (exposure control). */
export const quizItemExposure = pgTable('quiz_item_exposure', {
  itemId: text('item_id').primaryKey(),
  shown: integer('shown').notNull().default(0),
});

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

// ── Back office (issue: back office) ────────────────────────────────────────────────────────

export const STAFF_SCOPES = ['admin', 'sales', 'reviewer', 'export'] as const;
export type StaffScope = (typeof STAFF_SCOPES)[number];

/**
 * The school's staff: accounts of role `staff`, apart from students and tutors (another sign-in,
 * a mandatory second factor, shorter sessions). Scopes are any mix of STAFF_SCOPES.
 * The TOTP secret is stored encrypted (lib/crypto/secret-box.ts); `totpLastStep` refuses a code twice.
 */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  role: text('role').$type<'staff'>().notNull().default('staff'),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  scopes: jsonb('scopes').$type<StaffScope[]>().notNull().default(sql`'[]'::jsonb`),
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

// ── Marketplace: availability and trial lessons (issue 14, second half) ─────────────────────────
/** One weekly range in the school's time (Asia/Almaty): minutes from local midnight, start < end. */
export type TimeRange = [number, number];
/** ISO weekday (1 = Monday … 7 = Sunday) → its ranges. */
export type WeeklyRules = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', TimeRange[]>>;

/**
 * A tutor's booking rules (lib/marketplace/availability.ts). One row per tutor: the weekly ranges
 * and the dates off are small JSON values read together with the row, so the free slots of a
 * thousand tutors come from two queries.
 */
export const tutorSchedules = pgTable('tutor_schedules', {
  tutorId: integer('tutor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<WeeklyRules>().notNull().default({}),
  /** Local dates (YYYY-MM-DD, Asia/Almaty) with no lessons. */
  daysOff: jsonb('days_off').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(720),
  horizonDays: integer('horizon_days').notNull().default(28),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LessonStatus = 'hold' | 'booked' | 'cancelled' | 'held' | 'not_held';

/**
 * Trial lessons, and the short holds taken while a visitor signs in. The database refuses two
 * live rows of one tutor whose times overlap: an exclusion constraint (btree_gist) added by the
 * migration, `lessons_no_overlap`, on (tutor_id =, tstzrange(starts_at, ends_at) &&) for every
 * status but `cancelled`. An expired hold is deleted in the booking's transaction before the insert.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id),
    /** Null while a hold waits for its visitor to sign in. */
    studentId: integer('student_id').references(() => users.id),
    kind: text('kind').$type<'trial'>().notNull().default('trial'),
    subject: text('subject').notNull(),
    status: text('status').$type<LessonStatus>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** A hold: the secret its visitor brings back, and when it lapses. */
    holdTokenHash: text('hold_token_hash'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The booking request's idempotency key (per student): a retry answers the same lesson. */
    idempotencyKey: text('idempotency_key'),
    /** The .ics SEQUENCE: raised by every reschedule or cancel. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').$type<'student' | 'tutor'>(),
    /** Cancelled by the tutor less than 24 hours before the start (still before the deadline): counted for the back office. */
    lateCancel: boolean('late_cancel').notNull().default(false),
    /** Not held: who did not come. */
    noShow: text('no_show').$type<'student' | 'tutor' | 'both'>(),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    remindedDayAt: timestamp('reminded_day_at', { withTimezone: true }),
    remindedHourAt: timestamp('reminded_hour_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_tutor_time_idx').on(t.tutorId, t.startsAt),
    index('lessons_student_time_idx').on(t.studentId, t.startsAt),
    uniqueIndex('lessons_idempotency_uq').on(t.studentId, t.idempotencyKey),
    // One free trial per student per subject (a cancelled one may be booked again).
    uniqueIndex('lessons_one_trial_uq')
      .on(t.studentId, t.subject)
      .where(sql`kind = 'trial' and status in ('booked', 'held', 'not_held')`),
    // One live (booked) trial per student with one tutor, whatever the subject (security review L2).
    uniqueIndex('lessons_one_trial_tutor_uq')
      .on(t.studentId, t.tutorId)
      .where(sql`kind = 'trial' and status = 'booked'`),
  ],
);

/** The outbox messages sent about a lesson, for the back office's delivery status. */
export const lessonMessages = pgTable(
  'lesson_messages',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    recipientRole: text('recipient_role').$type<'student' | 'tutor'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.outboxId] })],
);

// ── Corporate portal (issue: company portal) ────────────────────────────────────────────────

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_employees_iin').on(t.companyId, t.iinHash),
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

/**
 * A tutor's public profile (issue 14, lib/marketplace/profile.ts), one per tutor, keyed by the
 * user. `published` is what the catalogue shows; `draft` is what the tutor edits. A submission
 * (`review_status` pending) waits for a reviewer while the published version stays visible; an
 * approval copies the draft into `published`.
 */
export const tutorProfiles = pgTable(
  'tutor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    draft: jsonb('draft').$type<import('../validations/tutor-profile').ProfileData>().notNull(),
    published: jsonb('published').$type<import('../validations/tutor-profile').ProfileData>(),
    /** none: nothing waits; pending: the draft waits for a reviewer; rejected: sent back with a reason. */
    reviewStatus: text('review_status').$type<'none' | 'pending' | 'rejected'>().notNull().default('none'),
    rejectReason: text('reject_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    reviewerId: integer('reviewer_id').references(() => staff.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Demo tutors of the embedded database (lib/db/seed.ts): never on PostgreSQL. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutor_profiles_review_idx').on(t.reviewStatus, t.submittedAt)],
);

/** The demo tutors' accounts (lib/db/seed-tutors.ts): no password can match it, and nothing is sent to them. */
export const DEMO_PASSWORD_HASH = '!demo';

// ── The lesson room (issue 23; lib/lesson-room) ────────────────────────────────────────────────

export const ROOM_EVENT_KINDS = ['signal', 'chat', 'notes', 'vocab', 'board', 'presence'] as const;
export type RoomEventKind = (typeof ROOM_EVENT_KINDS)[number];
export type RoomSide = 'student' | 'tutor';

/** One row per lesson whose room was used: the last sequence number given to its events (the row lock orders writers). */
export const lessonRooms = pgTable('lesson_rooms', {
  lessonId: integer('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  lastSeq: integer('last_seq').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The room's log: signalling, chat, notes, vocabulary, board and presence, in the order the server
 * took them (`seq`, per lesson, without gaps). `toSide` null: both sides; else only that side (signals).
 * The room's state (chat, notes, words, board) is this log, so a reload resumes from it.
 */
export const lessonRoomEvents = pgTable(
  'lesson_room_events',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    side: text('side').$type<RoomSide | 'server'>().notNull(),
    toSide: text('to_side').$type<RoomSide>(),
    kind: text('kind').$type<RoomEventKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.seq] }),
    check('lesson_room_events_kind_ck', sql`${t.kind} in ('signal', 'chat', 'notes', 'vocab', 'board', 'presence')`),
    check('lesson_room_events_side_ck', sql`${t.side} in ('student', 'tutor', 'server') and (${t.toSide} is null or ${t.toSide} in ('student', 'tutor'))`),
    // The last line of the size caps (lib/validations/lesson-room.ts checks each kind's first).
    check('lesson_room_events_size_ck', sql`octet_length(${t.payload}::text) <= 262144`),
  ],
);

/** Joins, leaves and heartbeats of each side's connections to the room, as the server saw them. */
export const lessonAttendance = pgTable(
  'lesson_attendance',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    side: text('side').$type<RoomSide>().notNull(),
    /** One open event stream (a tab, a device). */
    connection: text('connection').notNull(),
    kind: text('kind').$type<'join' | 'leave' | 'heartbeat'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_attendance_lesson_idx').on(t.lessonId, t.at),
    check('lesson_attendance_kind_ck', sql`${t.kind} in ('join', 'leave', 'heartbeat') and ${t.side} in ('student', 'tutor')`),
  ],
);

/** Words and phrases the tutor added during a lesson: the student's dictionary. */
export const lessonWords = pgTable(
  'lesson_words',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    translation: text('translation').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_words_student_idx').on(t.studentId, t.createdAt)],
);
