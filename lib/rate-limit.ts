import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { rateLimits } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  retryAfter: number;
  /** Attempts in this window, this one included (0 when nothing was counted). */
  count?: number;
}

function windowOf(windowSeconds: number, now: Date) {
  const windowMs = windowSeconds * 1000;
  return { windowMs, start: new Date(Math.floor(now.getTime() / windowMs) * windowMs) };
}

/** Fixed-window counters in the database, so limits hold across any number of instances. */
export async function hit(db: Db, limit: Limit, now = new Date()): Promise<LimitResult> {
  const { windowMs, start } = windowOf(limit.windowSeconds, now);
  const rows = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = rows[0]?.count ?? 1;
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit.max, retryAfter, count };
}

/**
 * Spends `n` of a cap at once, only if all `n` fit in the current window (a batch goes whole or not
 * at all): true when spent, false (nothing counted) when fewer than `n` are left. Used for budgets
 * (SMS per company, notification SMS per day) rather than for attempts.
 */
export async function spend(db: Db, limit: Limit, n = 1, now = new Date()): Promise<{ spent: boolean; retryAfter: number }> {
  const { windowMs, start } = windowOf(limit.windowSeconds, now);
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  if (n <= 0) return { spent: true, retryAfter };
  if (n > limit.max) return { spent: false, retryAfter };
  const rows = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: start, count: n })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + ${n}` },
      setWhere: sql`${rateLimits.count} + ${n} <= ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  return { spent: rows.length > 0, retryAfter };
}

/** Takes back one counted attempt of the current window (an attempt that turned out not to be one). */
export async function unhit(db: Db, limit: Pick<Limit, 'key' | 'windowSeconds'>, now = new Date()): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start)));
}

/** How many attempts the current window of a limit has counted so far. */
export async function counted(db: Db, limit: Pick<Limit, 'key' | 'windowSeconds'>, now = new Date()): Promise<number> {
  const { start } = windowOf(limit.windowSeconds, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start)));
  return row?.count ?? 0;
}

/** What `hit` would answer, without counting the attempt. */
export async function peek(db: Db, limit: Limit, now = new Date()): Promise<LimitResult> {
  const { windowMs, start } = windowOf(limit.windowSeconds, now);
  const count = (await counted(db, limit, now)) + 1;
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit.max, retryAfter };
}

/** Checks every limit (each counts the attempt); the longest wait wins when any is exceeded. */
export async function hitAll(db: Db, limits: Limit[], now = new Date()): Promise<LimitResult> {
  let blocked: LimitResult = { allowed: true, retryAfter: 0 };
  for (const l of limits) {
    const r = await hit(db, l, now);
    if (!r.allowed && r.retryAfter > blocked.retryAfter) blocked = { allowed: false, retryAfter: r.retryAfter };
  }
  return blocked;
}

/** Counts the attempt against every limit; over any of them is a 429 with the longest Retry-After. */
export async function enforceLimits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  const r = await hitAll(db, limits, now);
  if (!r.allowed) throw new ApiError(429, 'rate_limited', undefined, r.retryAfter);
}

/**
 * Spends a signed call's signature: true the first time, false for a replay (I5). Signatures are
 * good for 60 s around their time; the key lives in a day-long window (a replay across midnight
 * UTC within that minute is the one gap left).
 */
export async function spendSignature(db: Db, purpose: string, signature: string, now = new Date()): Promise<boolean> {
  const r = await hit(db, { key: `signed:${purpose}:${signature.slice(0, 100)}`, max: 1, windowSeconds: 24 * 3600 }, now);
  return r.allowed;
}
