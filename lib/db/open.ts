import 'server-only';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { dumpPglite, openPglite, type LockOptions } from './pglite';
import { seed } from './seed';
import type { Db } from './types';

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/db/migrations');

const closedDbs = new WeakSet<Db>();

/** True once `close` was called: background work that finds its database closed stops quietly. */
export function isDbClosed(db: Db): boolean {
  return closedDbs.has(db);
}

export interface OpenDb {
  db: Db;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The embedded database only: a consistent backup of its data folder (lib/backup/embedded.ts). */
  dump?: () => Promise<ReadableStream<Uint8Array>>;
}

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite (in a folder, or in memory).
 * `loadDataDir` (PGlite only): start from a dump of a data folder (PGlite's `dumpDataDir`), e.g. the
 * test suite's template, migrated and seeded once (test/global-setup.ts); migrations still run (a no-op
 * when the dump is up to date).
 * `dataDir`: the folder is locked for this process until `close` (lib/db/data-dir-lock.mjs); a folder
 * another process holds throws DataDirLockedError before anything is opened. `lock`: the lock's
 * options (the server's port; how long to wait while a command holds the folder).
 */
export async function openDb(opts: { url?: string; dataDir?: string; seed?: boolean; loadDataDir?: Blob; lock?: LockOptions }): Promise<OpenDb> {
  let opened: OpenDb;
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (err) => console.error('[db] idle connection error:', err.message));
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    // One instance migrates at a time when several start together.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock(72531)');
      await migrate(drizzle({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock(72531)').catch(() => {});
      lockClient.release();
    }
    opened = {
      db,
      driver: 'postgres',
      close: () => {
        closedDbs.add(db);
        return pool.end();
      },
    };
  } else {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // On a folder: the folder's lock first (lib/db/pglite.ts), so a second process never opens it.
    const pglite = await openPglite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, lock: opts.lock });
    const { client } = pglite;
    const pdb = drizzle({ client, schema });
    const db = pdb as unknown as Db;
    opened = {
      db,
      driver: 'pglite',
      dump: () => dumpPglite(client),
      close: () => {
        closedDbs.add(db);
        return pglite.close();
      },
    };
    try {
      await migrate(pdb, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (err) {
      await opened.close().catch(() => {});
      throw err;
    }
  }
  try {
    await prepare(opened, opts);
  } catch (err) {
    // Closed, so a folder's lock is given back and the caller may try again.
    await opened.close().catch(() => {});
    throw err;
  }
  return opened;
}

/** Seeds a freshly opened database and checks it answers. */
async function prepare(opened: OpenDb, opts: { dataDir?: string; seed?: boolean }): Promise<void> {
  if (opts.seed !== false) await seed(opened.db);
  // The demo tutors of an embedded database kept in a folder are the opener's (lib/server/demo-tutors.ts
  // demoTutorsOnOpen: the server's start, the seed and admin commands): lib/db imports no other lib/ folder.
  await opened.db.execute(sql`select 1`);
}
