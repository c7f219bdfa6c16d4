import 'server-only';
// The server's wiring, the top floor of lib/ (docs/architecture.md, "Import boundaries"): the timers
// of the background work, the clean-up and the reminders, the cache listener, the stop at shutdown.
// What use cases need from here lives lower down: runAfterResponse (lib/api/after.ts), kickOutbox
// (lib/outbox/kick.ts), runBackgroundPass (lib/runtime/background.ts), captchaConfig (lib/captcha/config.ts).
import { closeAppDb } from '@/lib/db/client';
import { background, runBackgroundPass } from '@/lib/runtime/background';
import { startCacheListener, stopCacheListener } from '@/lib/runtime/cache-bus';
import { stopBus } from '@/lib/runtime/bus';
import { closeEndedSfuRooms } from '@/lib/lesson-room/sfu';
import { env } from '@/lib/env';
import { remindCallbacks } from '@/lib/leads/reminders';
import { importMediaDir } from '@/lib/media/photo';
import { remindLessons } from '@/lib/lessons/reminders';
import { settleEndedLessons } from '@/lib/lessons/attendance';
import { resolvePendingPayments } from '@/lib/payments/events';
import { remindExpiringPackages } from '@/lib/payments/expiry';
import { remindPayoutRegister } from '@/lib/payments/payouts';
import { issuePendingReceipts } from '@/lib/payments/receipts';
import { resendRefunds, sendRefunds } from '@/lib/payments/refunds';
import { runGroupPass } from '@/lib/groups/jobs';
import { noticeWaitingQuestions } from '@/lib/chat-help/notify';
import { closeIdleQuestions } from '@/lib/chat-help/questions';
import { remindInvitations } from '@/lib/company-portal/invitations';
import { kickOutbox } from '@/lib/outbox/kick';
import { anonymisePersonalData, prune, pruneCompanyAndLessons } from '@/lib/retention';

const holder = globalThis as unknown as { __tilmenShutdownHook?: boolean };

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

/** E-mails the sales team about callbacks still new 45 working minutes after they came in (lib/leads/reminders.ts). */
export function remindCallbackLeads(now = new Date()): Promise<void> {
  return runBackgroundPass('callback-reminders', async (db) => {
    const reminded = await remindCallbacks(db, now);
    if (reminded.length > 0) {
      console.info(`[leads] reminded the sales team of ${reminded.length} callback(s) still waiting.`);
      void kickOutbox();
    }
  });
}

/** Reminds both sides 24 hours and 1 hour before each booked trial lesson (lib/lessons/reminders.ts). */
export function remindTrialLessons(now = new Date()): Promise<void> {
  return runBackgroundPass('lesson-reminders', async (db) => {
    if ((await remindLessons(db, now)) > 0) void kickOutbox();
  });
}

/** Closes booked lessons whose end has passed from the room's attendance log (lib/lessons/attendance.ts). */
export function settleLessons(now = new Date()): Promise<void> {
  return runBackgroundPass('lesson-attendance', async (db) => {
    const closed = await settleEndedLessons(db, now);
    if (closed > 0) console.info(`[lessons] closed ${closed} ended lesson(s) from the room's attendance.`);
  });
}

/** Asks the payment provider about payments pending over 15 minutes whose notification has not come, retries refunds the bank has not taken, and issues the fiscal receipts waiting for the register (lib/payments). */
export function resolvePayments(now = new Date()): Promise<void> {
  return runBackgroundPass('pending-payments', async (db) => {
    const counts = Object.entries(await resolvePendingPayments(db, now)).filter(([state]) => state !== 'pending');
    if (counts.length > 0) console.info(`[payments] pending payments resolved at the provider: ${counts.map(([state, k]) => `${k} ${state}`).join(', ')}.`);
    const refunded = await resendRefunds(db, now);
    if (refunded > 0) console.info(`[payments] ${refunded} refund(s) taken by the bank on a retry.`);
    if ((await issuePendingReceipts(db, now)) > 0) void kickOutbox();
  });
}

/**
 * The groups' pass (lib/groups/jobs.ts): lapsed seat holds and waitlist offers given up and offered on,
 * groups under their minimum two days before the start cancelled, started groups running, settled
 * groups finished; the refunds it opened are sent to the bank at once (lib/payments/refunds.ts).
 */
export function runGroupsPass(now = new Date()): Promise<void> {
  return runBackgroundPass('groups', async (db) => {
    const pass = await runGroupPass(db, now);
    if (pass.cancelled.length > 0) console.info(`[groups] cancelled ${pass.cancelled.length} group(s) under their minimum two days before the start.`);
    if (pass.refunds.length > 0) await sendRefunds(db, pass.refunds, now);
    if (pass.holdsGivenUp > 0 || pass.cancelled.length > 0 || pass.refunds.length > 0) void kickOutbox();
  });
}

/** Chat help's questions nobody wrote in for a day are closed (lib/chat-help/questions.ts); one waiting for a tutor is e-mailed to those on duty (lib/chat-help/notify.ts). */
export function closeIdleChatPass(now = new Date()): Promise<void> {
  return runBackgroundPass('chat-help', async (db) => {
    const closed = await closeIdleQuestions(db, now);
    if (closed > 0) console.info(`[chat-help] closed ${closed} question(s) nobody wrote in for a day.`);
    // A question waiting for a tutor during duty hours: the tutors on duty are e-mailed once.
    if ((await noticeWaitingQuestions(db, now)) > 0) void kickOutbox();
  });
}

/** Destroys the Janus rooms of group lessons that have ended (lib/lesson-room/sfu.ts), so placement counts only live rooms. */
export function closeSfuRoomsPass(now = new Date()): Promise<void> {
  return runBackgroundPass('sfu-rooms', async (db) => {
    const closed = await closeEndedSfuRooms(db, now);
    if (closed > 0) console.info(`[sfu] closed ${closed} group lesson room(s) after their lessons ended.`);
  });
}

/** Reminds students 14 and 3 days before a package with lessons left expires (lib/payments/expiry.ts). */
export function remindExpiringPackagesPass(now = new Date()): Promise<void> {
  return runBackgroundPass('package-expiry-reminders', async (db) => {
    const n = await remindExpiringPackages(db, now);
    if (n > 0) {
      console.info(`[payments] reminded ${n} student(s) of a package about to expire.`);
      void kickOutbox();
    }
  });
}

/** Reminds finance of the last month's payout register: ready to approve, overdue to approve, overdue to pay (lib/payments/notices.ts). */
export function remindFinanceOfPayoutsPass(now = new Date()): Promise<void> {
  return runBackgroundPass('payout-register-reminders', async (db) => {
    const told = await remindPayoutRegister(db, now);
    if (told.length > 0) {
      console.info(`[payments] reminded ${told.length} finance member(s) of the payout register.`);
      void kickOutbox();
    }
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
    setInterval(() => void resolvePayments(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void runGroupsPass(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void closeSfuRoomsPass(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void remindExpiringPackagesPass(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void remindFinanceOfPayoutsPass(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
    setInterval(() => void closeIdleChatPass(), opts.reminderMs ?? CALLBACK_REMINDER_INTERVAL_MS),
  ];
  for (const timer of bg.timers) timer.unref();
  void pruneTables();
  void importLegacyMedia();
  // With PostgreSQL, the other instances' changes reach this instance's cache (lib/runtime/cache-bus.ts).
  startCacheListener();
}

/** Stops the timers and waits for the passes under way; call it before closing the database. */
export async function stopBackgroundWork(): Promise<void> {
  const bg = background();
  bg.stopped = true;
  for (const timer of bg.timers) clearInterval(timer);
  bg.timers = [];
  await Promise.all([...bg.passes.values(), stopCacheListener(), stopBus()]);
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
