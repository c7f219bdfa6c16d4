import 'server-only';
// Background work on the app's database: one pass per name at a time per process. The outbox kick
// (lib/outbox/kick.ts) runs through it from any use case; the timers that start the other passes,
// and the stop before the database closes, are the server's wiring (lib/server/services.ts).
import { errorForLog } from '@/lib/api/error-log';
import { getDb } from '@/lib/db/client';
import { isDbClosed } from '@/lib/db/open';
import type { Db } from '@/lib/db/types';

/** The background loop of this process: its timers and the passes under way, by name. */
export interface Background {
  stopped: boolean;
  timers: ReturnType<typeof setInterval>[];
  passes: Map<string, Promise<void>>;
}

const holder = globalThis as unknown as { __tilmenBackground?: Background };

export function background(): Background {
  holder.__tilmenBackground ??= { stopped: false, timers: [], passes: new Map() };
  return holder.__tilmenBackground;
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
