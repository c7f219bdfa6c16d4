import 'server-only';
import { errorForLog } from '@/lib/api/error-log';
import type { Db } from '@/lib/db/types';

/**
 * How an instance hears that a room has a new event: every stored event is announced with
 * NOTIFY ROOM_CHANNEL ('lessonId:seq', lib/lesson-room/events.ts), and each instance LISTENs once
 * (a connection of its own on PostgreSQL; the embedded PGlite delivers its own NOTIFY in process)
 * and wakes the event streams of that lesson, which then read the log. The database is the
 * channel, never this process's memory: a stream that missed a wake-up (a lost connection) reads
 * the log again on its next poll (lib/lesson-room/stream.ts).
 */
export const ROOM_CHANNEL = 'tilmen_room';

/** A wake-up: the lesson and the new sequence number, or 'all' after a gap (the listener reconnected). */
export type Wake = (seq: number | 'all') => void;

export interface RoomBus {
  subscribe(lessonId: number, wake: Wake): () => void;
  stop(): Promise<void>;
}

type PgliteLike = { listen(channel: string, cb: (payload: string) => void): Promise<(tx?: unknown) => Promise<void>> };
type PoolLike = { options?: { connectionString?: string } };

/** Parses 'lessonId:seq'. */
export function parseWake(payload: string): { lessonId: number; seq: number } | null {
  const m = /^(\d{1,10}):(\d{1,10})$/.exec(payload);
  return m ? { lessonId: Number(m[1]), seq: Number(m[2]) } : null;
}

/**
 * Starts a listener for this database: PGlite's own LISTEN, or a pg Client of its own on the
 * pool's connection string (reconnecting with a growing delay, 1 s to 30 s; after a reconnection
 * every stream is woken once, for it may have missed events).
 */
export async function startRoomBus(db: Db): Promise<RoomBus> {
  const subscribers = new Map<number, Set<Wake>>();
  const dispatch = (payload: string) => {
    const w = parseWake(payload);
    if (!w) return;
    for (const wake of subscribers.get(w.lessonId) ?? []) wake(w.seq);
  };
  const wakeAll = () => {
    for (const set of subscribers.values()) for (const wake of set) wake('all');
  };
  const subscribe = (lessonId: number, wake: Wake) => {
    let set = subscribers.get(lessonId);
    if (!set) subscribers.set(lessonId, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && subscribers.get(lessonId) === set) subscribers.delete(lessonId);
    };
  };

  const client = (db as unknown as { $client: PgliteLike | PoolLike }).$client;
  if ('listen' in client && typeof client.listen === 'function') {
    const unlisten = await client.listen(ROOM_CHANNEL, dispatch);
    return { subscribe, stop: () => unlisten().catch(() => {}) };
  }

  const url = (client as PoolLike).options?.connectionString;
  if (!url) throw new Error('the room bus needs a PostgreSQL connection string');
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
      console.error(`[room] listener connection lost, again in ${delay / 1000} s:`, errorForLog(err));
      void pg.end().catch(() => {});
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    pg.on('error', again);
    pg.on('end', () => again(new Error('connection ended')));
    pg.on('notification', (n) => {
      if (n.channel === ROOM_CHANNEL && n.payload) dispatch(n.payload);
    });
    try {
      await pg.connect();
      await pg.query(`LISTEN ${ROOM_CHANNEL}`);
    } catch (err) {
      if (!connectedBefore) {
        // The first connection fails the start (roomBus tries again on the next stream).
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

const holder = globalThis as unknown as { __tilmenRoomBus?: { db: Db; bus: Promise<RoomBus> } };

/** This process's bus for the app's database (started on first use). */
export function roomBus(db: Db): Promise<RoomBus> {
  if (holder.__tilmenRoomBus?.db !== db) {
    const bus = startRoomBus(db);
    holder.__tilmenRoomBus = { db, bus };
    bus.catch(() => {
      if (holder.__tilmenRoomBus?.bus === bus) holder.__tilmenRoomBus = undefined;
    });
  }
  return holder.__tilmenRoomBus.bus;
}

/** Stops this process's bus (server shutdown, tests). */
export async function stopRoomBus(): Promise<void> {
  const held = holder.__tilmenRoomBus;
  holder.__tilmenRoomBus = undefined;
  if (held) await (await held.bus.catch(() => null))?.stop();
}
