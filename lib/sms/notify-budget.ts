import 'server-only';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { enqueue } from '@/lib/outbox';
import { spend } from '@/lib/rate-limit';

/**
 * The daily budget of notification SMS (SMS_NOTIFY_DAILY_BUDGET), apart from the one-time codes'
 * budgets (lib/sms/codes.ts): lesson notices and reminders, tutor decisions, company invitations.
 * Counted where these SMS are queued, in the caller's transaction (a rolled-back send spends nothing).
 */
export const NOTIFY_BUDGET_KEY = 'sms:notify:day';
const DAY_S = 86_400;

let warnedAt = 0;
function warnSpent(budget: number) {
  if (Date.now() - warnedAt < 600_000) return;
  warnedAt = Date.now();
  console.warn(`[sms] the daily notification SMS budget (SMS_NOTIFY_DAILY_BUDGET=${budget}) is spent: notification SMS are not queued until the next UTC day.`);
}

/** Spends `n` notification SMS of today's budget, all or none → whether they were spent (and when the day ends). */
export async function spendNotifySms(db: Db, n = 1, now = new Date()): Promise<{ spent: boolean; retryAfter: number }> {
  const budget = env().SMS_NOTIFY_DAILY_BUDGET;
  const r = await spend(db, { key: NOTIFY_BUDGET_KEY, max: budget, windowSeconds: DAY_S }, n, now);
  if (!r.spent) warnSpent(budget);
  return r;
}

/** Queues one notification SMS if the budget has room → its outbox id, or null (budget spent: not queued). */
export async function enqueueNotifySms(db: Db, message: { recipient: string; body: string }, now = new Date()): Promise<number | null> {
  if (!(await spendNotifySms(db, 1, now)).spent) return null;
  return enqueue(db, { channel: 'sms', recipient: message.recipient, subject: null, body: message.body });
}
