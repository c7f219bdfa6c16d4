import 'server-only';
import path from 'node:path';
import { env } from '@/lib/env';
import { openDb, type OpenDb } from './open';
import type { Db } from './types';

const holder = globalThis as unknown as { __tilmenDb?: Promise<OpenDb> };

/**
 * The one database of this process: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. The server
 * opens it at start (instrumentation.ts, called by server.mjs before it listens). DATA_DIR's lock names
 * this process as the server on PORT (commands go through it: admin:create, db:backup); while a
 * command holds the folder (a seed, an admin:create that came first) the server waits for it, up to
 * 2 minutes; another server's lock stops this one (DataDirLockedError, lib/db/data-dir-lock.mjs).
 */
export function getOpenDb(): Promise<OpenDb> {
  if (!holder.__tilmenDb) {
    const e = env();
    holder.__tilmenDb = openDb({
      url: e.DATABASE_URL,
      dataDir: e.DATABASE_URL ? undefined : path.resolve(e.DATA_DIR),
      lock: {
        port: Number(process.env.PORT || 3000),
        command: 'the Tilmen server',
        waitMs: 120_000,
        onWait: (h) => console.info(`[db] ${h.command} (pid ${h.pid}) has ${path.resolve(e.DATA_DIR)} open: waiting for it to finish (up to 2 minutes).`),
      },
    }).catch((err: unknown) => {
      holder.__tilmenDb = undefined;
      throw err;
    });
  }
  return holder.__tilmenDb;
}

/** The process's database if it was opened already (never opens one: for work that only makes sense then). */
export function openedAppDb(): Promise<OpenDb> | undefined {
  return holder.__tilmenDb;
}

export async function getDb(): Promise<Db> {
  return (await getOpenDb()).db;
}

/** Closes the process's database (server shutdown); stop the background work first. */
export async function closeAppDb(): Promise<void> {
  const opened = await holder.__tilmenDb?.catch(() => undefined);
  await opened?.close();
}
