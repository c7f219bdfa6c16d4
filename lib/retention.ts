// How long rows of the tables that grow with traffic are kept, and the clean-up that enforces it.
// Run hourly by the background loop (lib/server/services.ts); safe on any number of instances at once.
import 'server-only';
import { and, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { REFRESH_ABSOLUTE_S } from '@/lib/auth/tokens';
import {
  captchaTokens,
  emailConfirmations,
  outbox,
  passwordResets,
  rateLimits,
  refreshTokens,
  securityEvents,
  smsCodes,
} from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface RetentionRule {
  table: string;
  /** What is kept, in words (README). */
  keeps: string;
  from: PgTable;
  /** The primary key, for deleting in batches. */
  key: PgColumn[];
  /** Rows that may go at `now`. */
  expired: (now: Date) => SQL | undefined;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

export const RETENTION_RULES: RetentionRule[] = [
  {
    table: 'rate_limits',
    // The longest window in use is a day (SMS budgets, Kazakh test per company); an hour's margin.
    keeps: 'windows that started in the last 25 hours',
    from: rateLimits,
    key: [rateLimits.key, rateLimits.windowStart],
    expired: (now) => lt(rateLimits.windowStart, ago(now, DAY + HOUR)),
  },
  {
    table: 'sms_codes',
    // The per-phone back-off reads the last 24 hours of sends; smsConversion reads security_events.
    keeps: 'codes until a day after they expired',
    from: smsCodes,
    key: [smsCodes.id],
    expired: (now) => lt(smsCodes.expiresAt, ago(now, DAY)),
  },
  {
    table: 'captcha_tokens',
    // reCAPTCHA tokens are good for two minutes: after that Google refuses them itself.
    keeps: 'token hashes for a day',
    from: captchaTokens,
    key: [captchaTokens.tokenHash],
    expired: (now) => lt(captchaTokens.createdAt, ago(now, DAY)),
  },
  {
    table: 'outbox',
    keeps: 'pending messages until sent; sent and failed ones for 30 days',
    from: outbox,
    key: [outbox.id],
    expired: (now) => and(inArray(outbox.status, ['sent', 'failed']), lt(outbox.createdAt, ago(now, 30 * DAY))),
  },
  {
    table: 'refresh_tokens',
    // A whole family goes at once, so reuse detection holds for as long as any token of it could work.
    keeps: 'every token of a session until a day after its 30-day lifetime',
    from: refreshTokens,
    key: [refreshTokens.id],
    expired: (now) => lt(refreshTokens.familyCreatedAt, ago(now, REFRESH_ABSOLUTE_S * 1000 + DAY)),
  },
  {
    table: 'password_resets',
    keeps: 'links until a day after they expired (used or not)',
    from: passwordResets,
    key: [passwordResets.id],
    expired: (now) => lt(passwordResets.expiresAt, ago(now, DAY)),
  },
  {
    table: 'email_confirmations',
    keeps: 'links until a day after they expired (used or not)',
    from: emailConfirmations,
    key: [emailConfirmations.id],
    expired: (now) => lt(emailConfirmations.expiresAt, ago(now, DAY)),
  },
  {
    table: 'security_events',
    // Long enough for investigations and for smsConversion over any period of the last year.
    keeps: 'events for 365 days',
    from: securityEvents,
    key: [securityEvents.id],
    expired: (now) => lt(securityEvents.createdAt, ago(now, 365 * DAY)),
  },
];

export interface PruneOptions {
  /** Rows deleted per statement (short transactions, short row locks). */
  batch?: number;
  /** Statements per table and pass; a larger backlog goes over the next passes. */
  maxBatches?: number;
}

/**
 * Deletes what every rule lets go at `now`; returns the rows deleted per table. Rows are taken with
 * SKIP LOCKED, so instances pruning at the same moment share the work instead of waiting on each other.
 */
export async function prune(db: Db, now = new Date(), opts: PruneOptions = {}): Promise<Record<string, number>> {
  const batch = opts.batch ?? 1000;
  const maxBatches = opts.maxBatches ?? 100;
  const deleted: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    const key = sql.join(rule.key, sql`, `);
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const rows = await db
        .delete(rule.from)
        .where(sql`(${key}) in (select ${key} from ${rule.from} where ${rule.expired(now)} limit ${batch} for update skip locked)`)
        .returning({ one: sql`1` });
      total += rows.length;
      if (rows.length < batch) break;
    }
    deleted[rule.table] = total;
  }
  return deleted;
}
