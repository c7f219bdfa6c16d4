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

/**
 * Backups of the embedded database (PGlite). A backup is PGlite's own dump of the data folder, a
 * gzipped tar: taken by the process that holds the folder, after a CHECKPOINT, while no transaction
 * is open and no query runs (PGlite's transaction and query locks), so it is a consistent snapshot
 * of committed data while the server keeps serving. Only the uncompressed copy is taken under the
 * locks (about 3 s for 100 000 leads, while requests wait); compressing it happens afterwards, as the
 * stream is read. PostgreSQL has its own tools (pg_dump / pg_restore, docs/operations.md).
 */
export async function dumpPglite(client: PGlite): Promise<ReadableStream<Uint8Array>> {
  await client.query('CHECKPOINT');
  // _runExclusiveTransaction: the lock a transaction holds from BEGIN to COMMIT; dumpDataDir takes the query lock.
  const exclusive = client as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const tar = await exclusive._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return tar.stream().pipeThrough(new CompressionStream('gzip'));
}
