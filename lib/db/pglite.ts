import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock, type LockOptions } from './data-dir-lock.mjs';

export type { DataDirLock, LockOptions };

/**
 * Embedded PGlite, in memory or on a data folder. On a folder it first takes the folder's lock
 * (lib/db/data-dir-lock.mjs: one process per folder; a second opener gets DataDirLockedError before
 * PGlite touches anything) and gives it back on `close`. Every opener of a folder comes through here:
 * openDb (the server, the scripts, the tests with a folder), the backup and the restore.
 * `held`: the caller holds the folder's lock already (db:restore, which moves the old folder aside
 * under it); it stays the caller's to release.
 */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob; lock?: LockOptions; held?: DataDirLock }): Promise<{ client: PGlite; close: () => Promise<void> }> {
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : undefined;
  if (opts.held && (opts.held.dataDir !== dataDir || !opts.held.isHeld())) {
    throw new Error(`openPglite: the lock given is not this process's lock of ${dataDir ?? 'an in-memory database'}`);
  }
  const lock = dataDir && !opts.held ? await lockDataDir(dataDir, opts.lock) : null;
  try {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm: the trigram indexes of the leads search (migration 0007); btree_gist: the lessons'
    // no-overlap exclusion constraint (migration 0009).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
    // The options form: `new PGlite(undefined, { extensions })` (in memory) ignores the extensions.
    const client = new PGlite({ dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm, btree_gist } });
    await client.waitReady;
    let closed: Promise<void> | undefined;
    return {
      client,
      close: () =>
        (closed ??= (async () => {
          try {
            await client.close();
          } finally {
            lock?.release();
          }
        })()),
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
