import { lt, sql } from 'drizzle-orm';
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
}

/** Fixed-window counters in the database, so limits hold across any number of instances. */
export async function hit(db: Db, limit: Limit, now = new Date()): Promise<LimitResult> {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
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

export async function pruneRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}
