import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone, parseWorkHours } from '@/lib/time/work-hours';
import { SCHOOL_PLACEHOLDERS } from '@/lib/school-requisites';
import { SCHOOL_ZONE_NAME } from '@/lib/time/school-clock';
import { parseJanusServers, type JanusServer } from '@/lib/validations/janus-servers';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data/pglite'),
  /** Uploaded files (tutor photos): a folder outside the code; default beside the embedded database. */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  /** The school's limits of a tutor's price per lesson, in tenge (issue 14). The floor is 5 000: the cheapest
   *  lesson is then Intensive's 4 500 ₸, the "from 4 500 ₸" every page publishes (docs/payments.md). */
  TUTOR_PRICE_MIN: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  TUTOR_PRICE_MAX: z.coerce.number().int().min(1).max(10_000_000).default(30000),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: bool,
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Tilmen <no-reply@tilmen.kz>'),
  STAFF_EMAIL: z.email().default('sales@tilmen.kz'),
  RECAPTCHA_SECRET_KEY: z.string().min(10).optional(),
  // The v2 key pair's secret (checkbox, or invisible with NEXT_PUBLIC_RECAPTCHA_MODE=v2-invisible).
  RECAPTCHA_V2_SECRET_KEY: z.string().min(10).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_HOSTNAMES: z.string().optional(),
  ENABLE_DEV_TOOLS: bool,
  LESSON_URL: z.url().default('https://lesson.tilmen.kz/room/welcome'),
  // An outside lesson room instead of our own /lesson/{id} (lib/lessons/links.ts): {id} is the
  // lesson id, {key} a keyed hash of it (so a room name cannot be guessed from a neighbour's id).
  LESSON_ROOM_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{id\}/, 'must be an http(s) URL containing {id}')
    .optional(),
  // The lesson room (lib/lesson-room): TURN relays (coturn's REST shared-secret mode: use-auth-secret,
  // static-auth-secret = TURN_SECRET), comma-separated turn:/turns:/stun: URLs. Without them, peer to
  // peer only (host candidates: both sides on one network).
  TURN_URLS: z
    .string()
    .regex(/^(turns?|stun):[^\s,]+(,\s*(turns?|stun):[^\s,]+)*$/, 'must be comma-separated turn:, turns: or stun: URLs')
    .optional(),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // How long TURN credentials stay valid (seconds): the lesson's length and some.
  TURN_TTL_SECONDS: z.coerce.number().int().min(300).max(86_400).default(4 * 3600),
  // Group lessons' media (lib/sfu): the Janus servers (SFUs), as JSON or the compact
  // `apiSecret:tokenSecret[:adminKey]@url, …` (lib/validations/janus-servers.ts). Unset: server.mjs
  // starts a throwaway Janus on the loopback when Debian's janus is installed (JANUS_LOCAL=off: never).
  JANUS_SERVERS: z
    .string()
    .optional()
    .transform((v, ctx): JanusServer[] => {
      if (!v) return [];
      const parsed = parseJanusServers(v);
      if (parsed.ok) return parsed.servers;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  JANUS_LOCAL: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  // Card checkouts one student may start in 10 minutes, and pending orders they may hold at once
  // (lib/payments/checkout.ts; security.md M2). The kill -9 check pays 134 orders of 4 students: it raises both.
  CHECKOUT_PER_10_MIN: z.coerce.number().int().min(1).max(10_000).default(6),
  CHECKOUT_MAX_PENDING: z.coerce.number().int().min(1).max(10_000).default(5),
  // A lesson is held when both sides were in its room together at least this long (lib/lessons/attendance.ts).
  // Fractions are allowed (e2e uses 0.25: a quarter of a minute).
  LESSON_HELD_MINUTES: z.coerce.number().min(0.1).max(240).default(15),
  // Between two SMS sends to one phone (lib/sms/codes.ts): 60 s; e2e uses 15 (its reset-by-phone
  // journey follows the registration's code to the same phone). Never below 10.
  SMS_RESEND_GAP_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
  OUTBOX_POLL_MS: z.coerce.number().int().min(200).max(600_000).default(5000),
  // How often an open room stream records its heartbeat (lib/lesson-room/stream.ts), which is when a
  // one-on-one lesson together long enough turns held; below the presence's grace (HEARTBEAT_GRACE_MS, 45 s).
  // e2e uses 5 s: its lessons are held after a quarter of a minute together, not half a minute later.
  ROOM_HEARTBEAT_MS: z.coerce.number().int().min(1000).max(30_000).default(30_000),
  /** How often the reminders (callbacks, lessons, invitations) and the lessons' attendance pass run. */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  // How long an instance reserves the outbox messages it claimed (lib/outbox/index.ts): renewed while
  // it sends them; the SMTP timeouts are a quarter and a third of it (lib/outbox/mail.ts).
  OUTBOX_LEASE_MS: z.coerce.number().int().min(3000).max(600_000).default(60_000),
  // SMS one-time codes (lib/sms): log driver by default; Mobizon or SMSC.kz for real delivery.
  SMS_DRIVER: z.enum(['log', 'mobizon', 'smsc'], { error: 'must be log, mobizon or smsc' }).default('log'),
  SMS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMS_API_KEY: z.string().min(8).optional(),
  SMS_LOGIN: z.string().min(1).optional(),
  SMS_PASSWORD: z.string().min(1).optional(),
  SMS_SENDER: z.string().min(1).max(11, 'at most 11 characters (alphanumeric sender name)').optional(),
  SMS_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(2000),
  // Resets of existing accounts have their own daily budget, so spending SMS_DAILY_BUDGET cannot stop them.
  SMS_RESET_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(500),
  // Notification SMS (lessons booked, moved, cancelled and reminded; tutor decisions; company
  // invitations and reminders) have a daily budget of their own (lib/sms/notify-budget.ts).
  SMS_NOTIFY_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(3000),
  // With reCAPTCHA on: once this share of a day's budget is spent, every send needs a passing captcha
  // (no fail-open on a Google outage) with at least SMS_STRICT_CAPTCHA_SCORE.
  SMS_STRICT_CAPTCHA_AT: z.coerce.number().min(0).max(1).default(0.5),
  SMS_STRICT_CAPTCHA_SCORE: z.coerce.number().min(0).max(1).default(0.7),
  // The school's working hours (the one-hour callback promise is counted in them) and their time zone.
  WORK_HOURS: z
    .string()
    .default('Mon-Fri 09:00-19:00, Sat 10:00-16:00')
    .superRefine((v, ctx) => {
      const parsed = parseWorkHours(v);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `${parsed.error} (e.g. "Mon-Fri 09:00-19:00, Sat 10:00-16:00")` });
    }),
  // Personal data retention (lib/retention.ts, docs/operations.md "Personal data retention"): leads
  // and Kazakh test takers older than this many days are anonymised by the hourly clean-up.
  LEAD_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(730),
  // At least a year: a public sitting's phone hash is kept that long (one sitting per phone per 12 months).
  TEST_TAKER_RETENTION_DAYS: z.coerce.number().int().min(365).max(36_500).default(1825),
  ROSTER_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(1095),
  INVITATION_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(365),
  LESSON_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(1095),
  // Card payments (lib/payments, docs/payments.md): Halyk ePay's merchant credentials and addresses.
  // Without them, server.mjs starts the local fake of ePay (scripts/fakes/epay.mjs) and sets these
  // to it with EPAY_FAKE=true: the checkout then says "test payment".
  EPAY_CLIENT_ID: z.string().min(1).optional(),
  EPAY_CLIENT_SECRET: z.string().min(8).optional(),
  EPAY_TERMINAL_ID: z.string().min(1).optional(),
  EPAY_OAUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://epay-oauth.homebank.kz/oauth2/token'),
  EPAY_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://epay-api.homebank.kz'),
  EPAY_PAGE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://epay.homebank.kz'),
  EPAY_FAKE: bool,
  // Fiscal receipts (lib/payments/receipts.ts, docs/payments.md): the online cash register's API
  // (Webkassa). Without them, server.mjs starts the local fake (scripts/fakes/webkassa.mjs) and sets
  // these to it with WEBKASSA_FAKE=true. All four together, or none.
  WEBKASSA_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://kkm.webkassa.kz'),
  WEBKASSA_API_KEY: z.string().min(1).optional(),
  WEBKASSA_LOGIN: z.string().min(1).optional(),
  WEBKASSA_PASSWORD: z.string().min(1).optional(),
  WEBKASSA_CASHBOX: z.string().min(1).optional(),
  WEBKASSA_FAKE: bool,
  // Where the provider's notifications and the buyer's browser come back to (scheme, host, port):
  // default the site's own address (NEXT_PUBLIC_SITE_URL).
  PAYMENT_SITE_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // The school's requisites on the invoices of company lesson pools (lib/payments/company-pools.ts,
  // docs/payments.md "Company lesson pools"). The defaults are DEVELOPMENT placeholders, marked as
  // such on every invoice: set the real ones in production (deploy/tilmen.env.example).
  SCHOOL_LEGAL_NAME: z.string().min(2).max(200).default(SCHOOL_PLACEHOLDERS.SCHOOL_LEGAL_NAME),
  // Its Kazakh form on Kazakh documents; by default derived from SCHOOL_LEGAL_NAME («ТОО «X»» → «X» ЖШС).
  SCHOOL_LEGAL_NAME_KK: z.string().min(2).max(200).optional(),
  SCHOOL_BIN: z.string().regex(/^\d{12}$/, 'must be 12 digits').default(SCHOOL_PLACEHOLDERS.SCHOOL_BIN),
  SCHOOL_IBAN: z.string().regex(/^KZ[0-9A-Z]{18}$/, 'must be a Kazakh IBAN: KZ and 18 digits or capital letters').default(SCHOOL_PLACEHOLDERS.SCHOOL_IBAN),
  SCHOOL_BANK: z.string().min(2).max(200).default(SCHOOL_PLACEHOLDERS.SCHOOL_BANK),
  SCHOOL_BIC: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC/SWIFT code: 8 or 11 capital letters and digits').default(SCHOOL_PLACEHOLDERS.SCHOOL_BIC),
  SCHOOL_ADDRESS: z.string().min(2).max(300).default(SCHOOL_PLACEHOLDERS.SCHOOL_ADDRESS),
  // The beneficiary code (Кбе) on invoices: 17 for a resident private legal entity.
  SCHOOL_KBE: z.string().regex(/^\d{2}$/, 'must be two digits (Кбе, 17 for a resident private company)').default('17'),
  // Who signs the invoices and acts for the school: name and position.
  SCHOOL_DIRECTOR_NAME: z.string().min(2).max(200).default(SCHOOL_PLACEHOLDERS.SCHOOL_DIRECTOR_NAME),
  SCHOOL_DIRECTOR_POSITION: z.string().min(2).max(100).default('Директор'),
  // The chief accountant's name, when the school has one (else the director signs alone).
  SCHOOL_ACCOUNTANT_NAME: z.string().min(2).max(200).optional(),
  // Whether the school is registered for VAT: the invoice then shows VAT 16 % included; otherwise
  // "Without VAT" with the reason (not registered as a VAT payer).
  SCHOOL_VAT_PAYER: bool,
  WORK_TZ: z
    .string()
    .default(SCHOOL_ZONE_NAME)
    .refine(isTimeZone, `must be an IANA time zone such as ${SCHOOL_ZONE_NAME}`),
}).superRefine((e, ctx) => {
  if (e.TUTOR_PRICE_MIN > e.TUTOR_PRICE_MAX) ctx.addIssue({ code: 'custom', path: ['TUTOR_PRICE_MIN'], message: 'must not be above TUTOR_PRICE_MAX' });
  // Several instances on one PostgreSQL must share the secret that signs their tokens and keys
  // their hashes; a secret generated per instance would split them.
  if (e.DATABASE_URL && !e.APP_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required when DATABASE_URL is set (every instance must share it): openssl rand -base64 48' });
  }
  if (e.TURN_URLS && /(^|,)\s*turns?:/.test(e.TURN_URLS) && !e.TURN_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'is required when TURN_URLS names a turn: server (coturn static-auth-secret)' });
  }
  const epay = [e.EPAY_CLIENT_ID, e.EPAY_CLIENT_SECRET, e.EPAY_TERMINAL_ID].filter(Boolean).length;
  if (epay > 0 && epay < 3) {
    ctx.addIssue({ code: 'custom', path: ['EPAY_CLIENT_ID'], message: 'EPAY_CLIENT_ID, EPAY_CLIENT_SECRET and EPAY_TERMINAL_ID go together: set all three (or none, for the local fake)' });
  }
  const kassa = [e.WEBKASSA_API_KEY, e.WEBKASSA_LOGIN, e.WEBKASSA_PASSWORD, e.WEBKASSA_CASHBOX].filter(Boolean).length;
  if (kassa > 0 && kassa < 4) {
    ctx.addIssue({ code: 'custom', path: ['WEBKASSA_API_KEY'], message: 'WEBKASSA_API_KEY, WEBKASSA_LOGIN, WEBKASSA_PASSWORD and WEBKASSA_CASHBOX go together: set all four (or none, for the local fake)' });
  }
  if (e.SMS_DRIVER === 'mobizon' && !e.SMS_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['SMS_API_KEY'], message: 'is required when SMS_DRIVER=mobizon' });
  }
  if (e.SMS_DRIVER === 'smsc' && !(e.SMS_LOGIN && e.SMS_PASSWORD)) {
    ctx.addIssue({ code: 'custom', path: ['SMS_LOGIN'], message: 'SMS_LOGIN and SMS_PASSWORD are required when SMS_DRIVER=smsc' });
  }
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(serverEnvSchema.shape)) {
    const value = source[key];
    out[key] = value === '' ? undefined : value;
  }
  return out;
}

export function parseServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const result = serverEnvSchema.safeParse(emptyToUndefined(source));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: ServerEnv | undefined;
export function env(): ServerEnv {
  cached ??= parseServerEnv();
  return cached;
}

let secret: string | undefined;

/**
 * Forgets the parsed environment and the per-process test secret, as a fresh process would. Only
 * for test/setup.ts: Vitest runs the suites of a worker in one module graph (isolate: false), and
 * each suite starts from the environment the worker started with.
 */
export function forgetEnvForTests() {
  cached = undefined;
  secret = undefined;
}

/**
 * The key of every signature and keyed hash (access tokens, SMS codes, IINs, addresses). Never a
 * constant: APP_SECRET when set; with the embedded database, a random secret made on first start
 * and kept beside its data (`<DATA_DIR>.secret`, mode 600), so each install differs and `npm start`
 * needs no setup; in tests without either, a random one per process.
 */
export function appSecret(): string {
  if (secret) return secret;
  const e = env();
  if (e.APP_SECRET) return (secret = e.APP_SECRET);
  if (e.DATABASE_URL) throw new Error('APP_SECRET is required when DATABASE_URL is set');
  if (e.NODE_ENV === 'test' && !process.env.DATA_DIR) return (secret = randomBytes(48).toString('base64url'));
  return (secret = secretBesideData(path.resolve(e.DATA_DIR)));
}

/**
 * Reads `<dataDir>.secret`, creating it exactly once even when two processes start together (a server
 * and admin:create on a fresh DATA_DIR): written whole under another name, then linked into place, so
 * the other never reads it empty half-way (and is never told to delete it).
 */
export function secretBesideData(dataDir: string): string {
  const file = `${dataDir}.secret`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) {
    const value = randomBytes(48).toString('base64url') + '\n';
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    try {
      fs.writeFileSync(tmp, value, { flag: 'wx', mode: 0o600 });
      fs.linkSync(tmp, file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
        // A file system without hard links: created in place, as before.
        try {
          fs.writeFileSync(file, value, { flag: 'wx', mode: 0o600 });
        } catch (inner) {
          if ((inner as NodeJS.ErrnoException).code !== 'EEXIST') throw inner;
        }
      } else if (code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const value = fs.readFileSync(file, 'utf8').trim();
  if (value.length < 32) throw new Error(`${file} holds no usable secret: delete it (every session then ends) or set APP_SECRET`);
  return value;
}
