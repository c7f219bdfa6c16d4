import 'server-only';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errorForLog } from '@/lib/api/error-log';
import { openedAppDb } from '@/lib/db/client';
import { isDbClosed } from '@/lib/db/open';
import type { Db } from '@/lib/db/types';
import { appSecret, env } from '@/lib/env';
import { spendSignature } from '@/lib/rate-limit';

/**
 * Next's data cache (unstable_cache, revalidateTag) lives in each process: with several instances
 * behind the proxy, a change refreshes only the cache of the instance that served it, and the others
 * would serve stale profiles and free slots for up to SLOTS_TTL. So each change is also announced to
 * the other instances through PostgreSQL (NOTIFY on CACHE_CHANNEL, with the event); each instance
 * LISTENs on a connection of its own (startCacheListener, from lib/server/services.ts) and applies
 * what it hears to its own cache. revalidateTag only works inside a Next request, so the listener
 * hands the event to its own instance with a request on the loopback interface, signed with the
 * application secret (POST /api/internal/cache). The embedded database (PGlite) is one process:
 * there is nothing to share there. A listener that lost its connection expires everything once it
 * is back (it may have missed events meanwhile).
 */

export const CACHE_CHANNEL = 'tilmen_cache';

/** What changed: one tutor's published profile, anybody's free time, the groups on sale (their seats left), or (after a gap) anything. */
export type CacheEvent = { kind: 'profile'; slug: string } | { kind: 'slots' } | { kind: 'groups' } | { kind: 'all' };

const holder = globalThis as unknown as { __tilmenInstance?: string; __tilmenCacheListener?: Listener };
/** This process, so that it ignores its own announcements (it applied them already). */
const instanceId = () => (holder.__tilmenInstance ??= randomUUID());

/** The event a payload carries, or null (anything else is ignored). */
export function parseCacheEvent(raw: unknown): CacheEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  if (o.kind === 'slots' || o.kind === 'groups' || o.kind === 'all') return { kind: o.kind };
  if (o.kind === 'profile' && typeof o.slug === 'string' && /^[a-z0-9-]{1,80}$/.test(o.slug)) return { kind: 'profile', slug: o.slug };
  return null;
}

/** Announces a change to the other instances (PostgreSQL only; nothing when no database is open yet). */
export function shareCacheEvent(event: CacheEvent): void {
  const opened = openedAppDb();
  if (!opened) return;
  void opened
    .then(async ({ db, driver }) => {
      if (driver !== 'postgres' || isDbClosed(db)) return;
      await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ ...event, from: instanceId() })})`);
    })
    .catch((err: unknown) => console.error('[cache] could not announce a change to the other instances:', errorForLog(err)));
}

// ── The loopback call ──────────────────────────────────────────────────────────────────────────

export const cacheSignature = (secret: string, timestamp: string, body: string) => createHmac('sha256', secret).update(`cache-event\n${timestamp}\n${body}`).digest('base64url');

/** A signature of this body made in the last minute with this secret. */
export function validCacheSignature(secret: string, timestamp: string | null, body: string, signature: string | null, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{10,13}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > 60_000) return false;
  const want = Buffer.from(cacheSignature(secret, timestamp, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The event of a signed loopback call, or null; each signature works once (a replay is refused). */
export async function acceptCacheCall(db: Db, headers: Headers, body: string): Promise<CacheEvent | null> {
  const signature = headers.get('x-cache-signature');
  if (!validCacheSignature(appSecret(), headers.get('x-cache-time'), body, signature)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const event = parseCacheEvent(parsed);
  if (!event || !(await spendSignature(db, 'cache', signature!))) return null;
  return event;
}

/** Where this instance listens, for the loopback call: its HOSTNAME unless that is every interface. */
function ownOrigin(): string {
  const host = process.env.HOSTNAME;
  const loop = !host || host === '0.0.0.0' || host === '::' || host === 'localhost' ? '127.0.0.1' : host;
  return `http://${loop.includes(':') ? `[${loop}]` : loop}:${Number(process.env.PORT || 3000)}`;
}

/** Hands an event to this instance's own cache (POST /api/internal/cache, signed). */
export async function applyOnOwnInstance(event: CacheEvent, origin = ownOrigin()): Promise<void> {
  const body = JSON.stringify(event);
  const time = String(Date.now());
  const res = await fetch(`${origin}/api/internal/cache`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cache-time': time, 'x-cache-signature': cacheSignature(appSecret(), time, body) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
  if (res.status !== 204) throw new Error(`the instance answered ${res.status}`);
}

// ── The listener ───────────────────────────────────────────────────────────────────────────────

interface Listener {
  stopped: boolean;
  client?: import('pg').Client;
  retry?: ReturnType<typeof setTimeout>;
}

/**
 * LISTENs on CACHE_CHANNEL with a connection of its own (DATABASE_URL) and applies what the other
 * instances announce (`apply`: the loopback call by default). Reconnects with a growing delay (1 s
 * to 30 s); after a reconnection, everything is expired once. Nothing with the embedded database.
 */
export function startCacheListener(opts: { url?: string; apply?: (event: CacheEvent) => Promise<void> } = {}): void {
  const url = opts.url ?? env().DATABASE_URL;
  if (!url || holder.__tilmenCacheListener) return;
  const apply = opts.apply ?? ((event: CacheEvent) => applyOnOwnInstance(event));
  const listener: Listener = { stopped: false };
  holder.__tilmenCacheListener = listener;
  let delay = 1000;
  let connectedBefore = false;
  const deliver = (event: CacheEvent) =>
    apply(event).catch((err: unknown) => console.error(`[cache] could not apply a change (${event.kind}) announced by another instance:`, errorForLog(err)));
  const connect = async () => {
    if (listener.stopped) return;
    const { Client } = await import('pg');
    const client = new Client({ connectionString: url });
    listener.client = client;
    let failed = false;
    const again = (err?: unknown) => {
      if (failed) return;
      failed = true;
      if (listener.stopped) return;
      if (err) console.error(`[cache] listener connection lost, again in ${delay / 1000} s:`, errorForLog(err));
      void client.end().catch(() => {});
      listener.retry = setTimeout(() => void connect(), delay);
      listener.retry.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    client.on('error', again);
    client.on('end', () => again(new Error('connection ended')));
    client.on('notification', (n) => {
      if (n.channel !== CACHE_CHANNEL || !n.payload) return;
      let raw: unknown;
      try {
        raw = JSON.parse(n.payload);
      } catch {
        return;
      }
      if ((raw as { from?: unknown }).from === instanceId()) return;
      const event = parseCacheEvent(raw);
      if (event) void deliver(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      again(err);
      return;
    }
    delay = 1000;
    // Events announced while this instance was not listening are lost: start afresh.
    if (connectedBefore) void deliver({ kind: 'all' });
    connectedBefore = true;
  };
  void connect();
}

/** Stops listening (server shutdown, tests). */
export async function stopCacheListener(): Promise<void> {
  const listener = holder.__tilmenCacheListener;
  if (!listener) return;
  holder.__tilmenCacheListener = undefined;
  listener.stopped = true;
  if (listener.retry) clearTimeout(listener.retry);
  await listener.client?.end().catch(() => {});
}
