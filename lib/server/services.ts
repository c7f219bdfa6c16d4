import 'server-only';
import { after } from 'next/server';
import { errorForLog } from '@/lib/api/error-log';
import { closeAppDb, getDb } from '@/lib/db/client';
import { startCacheListener, stopCacheListener } from '@/lib/server/cache-bus';
import { stopRoomBus } from '@/lib/lesson-room/bus';
import { isDbClosed } from '@/lib/db/open';
import { env } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import type { CaptchaConfig } from '@/lib/captcha/verify';
import { remindCallbacks } from '@/lib/crm/reminders';
import { importMediaDir } from '@/lib/marketplace/photo';
import { remindLessons } from '@/lib/marketplace/reminders';
import { settleEndedLessons } from '@/lib/lesson-room/attendance';
import { remindInvitations } from '@/lib/company-portal/invitations';
import { processOutbox, type Sender } from '@/lib/outbox';
import { createMailSender } from '@/lib/outbox/mail';
import { anonymisePersonalData, prune, pruneCompanyAndLessons } from '@/lib/retention';
import type { Db } from '@/lib/db/types';
import { createSmsSender, redactsCodes, settleSmsOutbox, smsDriverConfig } from '@/lib/sms/drivers';

export function captchaConfig(): CaptchaConfig {
  const e = env();
  const hostnames = e.RECAPTCHA_HOSTNAMES
    ? e.RECAPTCHA_HOSTNAMES.split(',').map((h) => h.trim()).filter(Boolean)
    : [new URL(publicEnv.NEXT_PUBLIC_SITE_URL).hostname];
  return { secret: e.RECAPTCHA_SECRET_KEY, v2Secret: e.RECAPTCHA_V2_SECRET_KEY, verifyUrl: e.RECAPTCHA_VERIFY_URL, minScore: e.RECAPTCHA_MIN_SCORE, hostnames };
}

const holder = globalThis as unknown as {
  __tilmenMail?: Promise<Sender>;
  __tilmenSms?: { db: Db; send: Sender; redact: boolean };
  __tilmenBackground?: Background;
  __tilmenShutdownHook?: boolean;
};

/** The background loop of this process: its timers and the passes under way, by name. */
interface Background {
  stopped: boolean;
  timers: ReturnType<typeof setInterval>[];
  passes: Map<string, Promise<void>>;
}

function background(): Background {
  holder.__tilmenBackground ??= { stopped: false, timers: [], passes: new Map() };
  return holder.__tilmenBackground;
}

function mailSender(): Promise<Sender> {
  const e = env();
  holder.__tilmenMail ??= createMailSender({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, production: e.NODE_ENV !== 'development', leaseMs: e.OUTBOX_LEASE_MS });
  return holder.__tilmenMail;
}

/** The SMS driver of SMS_DRIVER (log, mobizon, smsc) for this database. */
function smsSender(db: Db): { send: Sender; redact: boolean } {
  if (holder.__tilmenSms?.db !== db) {
    const cfg = smsDriverConfig(env());
    if (cfg.driver === 'log' && cfg.production) console.warn('[sms] SMS_DRIVER is log: codes are not delivered to phones.');
    holder.__tilmenSms = { db, send: createSmsSender(db, cfg), redact: redactsCodes(cfg) };
  }
  return holder.__tilmenSms;
}

/**
 * Runs one pass of background work on the app's database, one per name at a time per process; none
 * after stopBackgroundWork. A pass whose database is closed (server shutdown, the end of a test suite)
 * ends quietly; any other failure is logged.
 */
export async function runBackgroundPass(name: string, work: (db: Db) => Promise<void>): Promise<void> {
  const bg = background();
  if (bg.stopped || bg.passes.has(name)) return;
  const pass = (async () => {
    let db: Db | undefined;
    try {
      db = await getDb();
      if (!isDbClosed(db)) await work(db);
    } catch (err) {
      if (db && isDbClosed(db)) return;
      console.error(`[${name}] pass failed:`, errorForLog(err));
    }
  })();
  bg.passes.set(name, pass);
  try {
    await pass;
  } finally {
    bg.passes.delete(name);
  }
}

/** Sends what is due in the outbox. */
export function kickOutbox(): Promise<void> {
  return runBackgroundPass('outbox', async (db) => {
    const sms = smsSender(db);
    await processOutbox(db, { email: await mailSender(), sms: sms.send }, new Date(), { leaseMs: env().OUTBOX_LEASE_MS });
    await settleSmsOutbox(db, { redact: sms.redact });
  });
}

/**
 * Deletes what the retention rules (lib/retention.ts) let go, and anonymises leads and test takers
 * older than LEAD_RETENTION_DAYS / TEST_TAKER_RETENTION_DAYS (each such pass writes an audit row).
 */
export function pruneTables(now = new Date()): Promise<void> {
  return runBackgroundPass('retention', async (db) => {
    const deleted = Object.entries(await prune(db, now)).filter(([, n]) => n > 0);
    if (deleted.length > 0) console.info(`[retention] deleted ${deleted.map(([table, n]) => `${n} from ${table}`).join(', ')}.`);
    const e = env();
    const done = await anonymisePersonalData(db, { leadDays: e.LEAD_RETENTION_DAYS, takerDays: e.TEST_TAKER_RETENTION_DAYS }, now);
    if (done.leads || done.takers) {
      console.info(`[retention] anonymised ${done.leads} lead(s) older than ${e.LEAD_RETENTION_DAYS} days and ${done.takers} test taker(s) (${done.certificates} certificate(s)) older than ${e.TEST_TAKER_RETENTION_DAYS} days.`);
    }
    const rest = await pruneCompanyAndLessons(db, { leadDays: e.LEAD_RETENTION_DAYS, takerDays: e.TEST_TAKER_RETENTION_DAYS, rosterDays: e.ROSTER_RETENTION_DAYS, invitationDays: e.INVITATION_RETENTION_DAYS, lessonDays: e.LESSON_RETENTION_DAYS }, now);
    if (rest.employees || rest.invitations || rest.lessons) {
      console.info(`[retention] deleted ${rest.employees} roster row(s) and ${rest.invitations} invitation(s); cleared ${rest.lessons} lesson comment(s).`);
    }
  });
}

/** E-mails the sales team about callbacks still new 45 working minutes after they came in (lib/crm/reminders.ts). */
export function remindCallbackLeads(now = new Date()): Promise<void> {
  return runBackgroundPass('callback-reminders', async (db) => {
    const reminded = await remindCallbacks(db, now);
    if (reminded.length > 0) {
      console.info(`[leads] reminded the sales team of ${reminded.length} callback(s) still waiting.`);
      void kickOutbox();
    }
  });
}

/** Reminds both sides 24 hours and 1 hour before each booked trial lesson (lib/marketplace/reminders.ts). */
export function remindTrialLessons(now = new Date()): Promise<void> {
  return runBackgroundPass('lesson-reminders', async (db) => {
    if ((await remindLessons(db, now)) > 0) void kickOutbox();
  });
}

/** Closes booked lessons whose end has passed from the room's attendance log (lib/lesson-room/attendance.ts). */
export function settleLessons(now = new Date()): Promise<void> {
  return runBackgroundPass('lesson-attendance', async (db) => {
    const closed = await settleEndedLessons(db, now);
    if (closed > 0) console.info(`[lessons] closed ${closed} ended lesson(s) from the room's attendance.`);
  });
}

/** Reminds invited employees who have not started 2 days and 1 day before the deadline (lib/company-portal/invitations.ts). */
export function remindInvitedEmployees(now = new Date()): Promise<void> {
  return runBackgroundPass('invitation-reminders', async (db) => {
    if ((await remindInvitations(db, now)) > 0) void kickOutbox();
  });
}

/** Copies the photos an earlier version kept in MEDIA_DIR into the database (once, at start). */
export function importLegacyMedia(): Promise<void> {
  return runBackgroundPass('media-import', async (db) => {
    const copied = await importMediaDir(db);
    if (copied > 0) console.info(`[media] copied ${copied} photo file(s) from MEDIA_DIR into the database.`);
  });
}

export const RETENTION_INTERVAL_MS = 3_600_000;
export const CALLBACK_REMINDER_INTERVAL_MS = 60_000;

/**
 * Starts the outbox poll, the minutely callback reminders and the hourly clean-up (instrumentation.ts);
 * the clean-up also runs at once, and so does the copy of MEDIA_DIR's photos into the database.
 */
export function startBackgroundWork(opts: { outboxPollMs: number; retentionMs?: number; reminderMs?: number }): void {
  const bg = background();
  for (const timer of bg.timers) clearInterval(timer);
  bg.stopped = false;
  bg.timers = [
    setInterval(() => void kickOutbox(), opts.outboxPollMs),
    setInterval(() => void pruneTables(), opts.retentionMs ?? RETENTION_INTERVAL_MS),
    setInterval(() => void remindCallbackLeads(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void remindTrialLessons(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void remindInvitedEmployees(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void settleLessons(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
  ];
  for (const timer of bg.timers) timer.unref();
  void pruneTables();
  void importLegacyMedia();
  // With PostgreSQL, the other instances' changes reach this instance's cache (lib/server/cache-bus.ts).
  startCacheListener();
}

/** Stops the timers and waits for the passes under way; call it before closing the database. */
export async function stopBackgroundWork(): Promise<void> {
  const bg = background();
  bg.stopped = true;
  for (const timer of bg.timers) clearInterval(timer);
  bg.timers = [];
  await Promise.all([...bg.passes.values(), stopCacheListener(), stopRoomBus()]);
}

/** On SIGTERM or SIGINT: stop the background work (a pass under way gets up to 5 s), close the database, exit. */
export function closeOnShutdown(): void {
  if (holder.__tilmenShutdownHook) return;
  holder.__tilmenShutdownHook = true;
  const shutdown = () => {
    const stopped = Promise.race([stopBackgroundWork(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    void stopped.then(closeAppDb).finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/** Runs work after the response is sent; outside a request (scripts, tests) it simply starts it. */
export function runAfterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}
