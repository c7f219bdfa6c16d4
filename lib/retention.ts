// How long rows of the tables that grow with traffic are kept, and the clean-up that enforces it.
// Run hourly by the background loop (lib/server/services.ts); safe on any number of instances at once.
import 'server-only';
import { and, getTableName, inArray, lt, sql, type SQL } from 'drizzle-orm';
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

/** Rows whose `column` lies more than `ms` before `now`. */
const olderThan = (column: PgColumn, ms: number) => (now: Date) => lt(column, new Date(now.getTime() - ms));

/** The rule for the table `from` (primary key `key`). */
function rule(from: PgTable, key: PgColumn[], keeps: string, expired: RetentionRule['expired']): RetentionRule {
  return { table: getTableName(from), keeps, from, key, expired };
}

export const RETENTION_RULES: RetentionRule[] = [
  // The longest window in use is a day (SMS budgets, Kazakh test per company); an hour's margin.
  rule(rateLimits, [rateLimits.key, rateLimits.windowStart], 'windows that started in the last 25 hours', olderThan(rateLimits.windowStart, DAY + HOUR)),
  // The per-phone back-off reads the last 24 hours of sends; smsConversion reads security_events.
  rule(smsCodes, [smsCodes.id], 'codes until a day after they expired', olderThan(smsCodes.expiresAt, DAY)),
  // reCAPTCHA tokens are good for two minutes: after that Google refuses them itself.
  rule(captchaTokens, [captchaTokens.tokenHash], 'token hashes for a day', olderThan(captchaTokens.createdAt, DAY)),
  rule(outbox, [outbox.id], 'pending messages until sent; sent and failed ones for 30 days', (now) =>
    and(inArray(outbox.status, ['sent', 'failed']), olderThan(outbox.createdAt, 30 * DAY)(now)),
  ),
  // A whole family goes at once, so reuse detection holds for as long as any token of it could work.
  rule(refreshTokens, [refreshTokens.id], 'every token of a session until a day after its 30-day lifetime', olderThan(refreshTokens.familyCreatedAt, REFRESH_ABSOLUTE_S * 1000 + DAY)),
  rule(passwordResets, [passwordResets.id], 'links until a day after they expired (used or not)', olderThan(passwordResets.expiresAt, DAY)),
  rule(emailConfirmations, [emailConfirmations.id], 'links until a day after they expired (used or not)', olderThan(emailConfirmations.expiresAt, DAY)),
  // Long enough for investigations and for smsConversion over any period of the last year.
  rule(securityEvents, [securityEvents.id], 'events for 365 days', olderThan(securityEvents.createdAt, 365 * DAY)),
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
