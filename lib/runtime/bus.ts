import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { errorForLog } from '@/lib/api/error-log';
import type { Db } from '@/lib/db/types';

/**
 * How an instance hears that something stored has news for its open event streams (the lesson
 * room's log, a chat help question's messages, the questions waiting for a tutor): the writer announces it with NOTIFY BUS_CHANNEL
 * ('topic:key:seq', `announce` below) in the transaction that stores it, and each instance LISTENs
 * once (a connection of its own on PostgreSQL; the embedded PGlite delivers its own NOTIFY in
 * process) and wakes the streams of that topic and key, which then read the database. The database
 * is the channel, never this process's memory: a stream that missed a wake-up (a lost connection)
 * reads again on its next heartbeat (lib/api/sse.ts).
 */
export const BUS_CHANNEL = 'tilmen_bus';

/**
 * What a wake-up is about: a lesson's room (key: the lesson), a chat help question (key: the
 * question), or chat help's queue of questions waiting for a tutor (key 0: one queue, read per tutor).
 */
export const BUS_TOPICS = ['room', 'chat', 'queue'] as const;
export type BusTopic = (typeof BUS_TOPICS)[number];

/** A wake-up: the new sequence number (the room's seq, the chat's message id, 0 for a change of state), or 'all' after a gap (the listener reconnected). */
export type Wake = (seq: number | 'all') => void;

export interface Bus {
  subscribe(topic: BusTopic, key: number, wake: Wake): () => void;
  stop(): Promise<void>;
}

type PgliteLike = { listen(channel: string, cb: (payload: string) => void): Promise<(tx?: unknown) => Promise<void>> };
type PoolLike = { options?: { connectionString?: string } };

/** Parses 'topic:key:seq'. */
export function parseWake(payload: string): { topic: BusTopic; key: number; seq: number } | null {
  const m = /^([a-z]{1,16}):(\d{1,10}):(\d{1,10})$/.exec(payload);
  if (!m || !(BUS_TOPICS as readonly string[]).includes(m[1]!)) return null;
  return { topic: m[1] as BusTopic, key: Number(m[2]), seq: Number(m[3]) };
}

/** The statement that announces news of `topic`/`key`: run it in the transaction that stores the news (heard once committed). */
export const announce = (topic: BusTopic, key: number, seq = 0): SQL => sql`select pg_notify(${BUS_CHANNEL}, ${`${topic}:${key}:${seq}`})`;

/**
 * Starts a listener for this database: PGlite's own LISTEN, or a pg Client of its own on the
 * pool's connection string (reconnecting with a growing delay, 1 s to 30 s; after a reconnection
 * every stream is woken once, for it may have missed news).
 */
export async function startBus(db: Db): Promise<Bus> {
  const subscribers = new Map<string, Set<Wake>>();
  const dispatch = (payload: string) => {
    const w = parseWake(payload);
    if (!w) return;
    for (const wake of subscribers.get(`${w.topic}:${w.key}`) ?? []) wake(w.seq);
  };
  const wakeAll = () => {
    for (const set of subscribers.values()) for (const wake of set) wake('all');
  };
  const subscribe = (topic: BusTopic, key: number, wake: Wake) => {
    const name = `${topic}:${key}`;
    let set = subscribers.get(name);
    if (!set) subscribers.set(name, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && subscribers.get(name) === set) subscribers.delete(name);
    };
  };

  const client = (db as unknown as { $client: PgliteLike | PoolLike }).$client;
  if ('listen' in client && typeof client.listen === 'function') {
    const unlisten = await client.listen(BUS_CHANNEL, dispatch);
    return { subscribe, stop: () => unlisten().catch(() => {}) };
  }

  const url = (client as PoolLike).options?.connectionString;
  if (!url) throw new Error('the bus needs a PostgreSQL connection string');
  const { Client } = await import('pg');
  let stopped = false;
  let current: import('pg').Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = 1000;
  let connectedBefore = false;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const pg = new Client({ connectionString: url });
    current = pg;
    let failed = false;
    const again = (err: unknown) => {
      if (failed || stopped) return;
      failed = true;
      console.error(`[bus] listener connection lost, again in ${delay / 1000} s:`, errorForLog(err));
      void pg.end().catch(() => {});
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    pg.on('error', again);
    pg.on('end', () => again(new Error('connection ended')));
    pg.on('notification', (n) => {
      if (n.channel === BUS_CHANNEL && n.payload) dispatch(n.payload);
    });
    try {
      await pg.connect();
      await pg.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (err) {
      if (!connectedBefore) {
        // The first connection fails the start (bus() tries again on the next stream).
        stopped = true;
        await pg.end().catch(() => {});
        throw err;
      }
      again(err);
      return;
    }
    delay = 1000;
    if (connectedBefore) wakeAll();
    connectedBefore = true;
  };
  await connect();
  return {
    subscribe,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}

const holder = globalThis as unknown as { __tilmenBus?: { db: Db; bus: Promise<Bus> } };

/** This process's bus for the app's database (started on first use). */
export function bus(db: Db): Promise<Bus> {
  if (holder.__tilmenBus?.db !== db) {
    const started = startBus(db);
    holder.__tilmenBus = { db, bus: started };
    started.catch(() => {
      if (holder.__tilmenBus?.bus === started) holder.__tilmenBus = undefined;
    });
  }
  return holder.__tilmenBus.bus;
}

/** Stops this process's bus (server shutdown, tests). */
export async function stopBus(): Promise<void> {
  const held = holder.__tilmenBus;
  holder.__tilmenBus = undefined;
  if (held) await (await held.bus.catch(() => null))?.stop();
}
