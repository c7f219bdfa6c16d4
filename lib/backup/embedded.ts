import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { ApiError } from '@/lib/api/errors';
import { getOpenDb } from '@/lib/db/client';
import { lockDataDir, type DataDirLock } from '@/lib/db/data-dir-lock.mjs';
import { dumpPglite, openPglite } from '@/lib/db/pglite';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import { spendSignature } from '@/lib/rate-limit';

// Backups of the embedded database (PGlite): the dump itself is lib/db/pglite.ts dumpPglite.

/** True when `dir` does not exist or is empty. */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

export interface RestoreCheck {
  leads: number;
  kazakhTestTakers: number;
  users: number;
}

/**
 * Unpacks a backup into the empty folder `dataDir` by opening PGlite on it with the dump, then reads
 * a few counts back (the restore is only done once the database opens and answers). The folder's
 * lock (lib/db/data-dir-lock.mjs) is taken first, or `held` is the caller's (db:restore, which moves
 * the old folder aside under it).
 */
export async function restorePglite(dataDir: string, backup: Blob, held?: DataDirLock): Promise<RestoreCheck> {
  const lock = held ?? (await lockDataDir(dataDir));
  try {
    if (!isEmptyDir(dataDir)) throw new Error(`${dataDir} is not empty`);
    const { client, close } = await openPglite({ dataDir, loadDataDir: backup, held: lock });
    try {
      const count = async (table: string) => Number((await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);
      return { leads: await count('leads'), kazakhTestTakers: await count('kazakh_test_takers'), users: await count('users') };
    } finally {
      await close();
    }
  } finally {
    if (!held) lock.release();
  }
}

/** A backup of the folder `dataDir` when no server holds it: opened under the folder's lock (lib/db/pglite.ts). */
export async function dumpDataDirFolder(dataDir: string): Promise<ReadableStream<Uint8Array>> {
  const { client, close } = await openPglite({ dataDir });
  try {
    return await dumpPglite(client);
  } finally {
    await close();
  }
}

/** `tilmen-backup-2026-11-23T21-45-07Z.tar.gz` for the moment `at`. */
export function backupFileName(at = new Date()): string {
  return `tilmen-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

/** The signature of a backup request sent to the running server at `timestamp` (ms), keyed with the application secret. */
export const backupSignature = (secret: string, timestamp: string) => createHmac('sha256', secret).update(`db-backup\n${timestamp}`).digest('base64url');

/** A signature made in the last minute (either way) with this secret. */
export function validBackupSignature(secret: string, timestamp: string | null, signature: string | null, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{10,13}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > 60_000) return false;
  const want = Buffer.from(backupSignature(secret, timestamp));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** A backup signature works once: a replay within its minute is refused (I5). */
export const spendBackupSignature = (db: Db, signature: string) => spendSignature(db, 'backup', signature);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `npm run db:backup` against a running server with the embedded database (POST /api/internal/backup):
 * the server holds the data folder, so it takes the dump itself and streams it back. Loopback only,
 * signed with the application secret (X-Backup-Time, X-Backup-Signature), each signature once;
 * anything else, and any server on PostgreSQL, answers 404.
 */
export async function answerBackupCall(req: Request, ip: string): Promise<Response> {
  if (!LOOPBACK.has(ip) || !validBackupSignature(appSecret(), req.headers.get('x-backup-time'), req.headers.get('x-backup-signature'))) {
    throw new ApiError(404, 'not_found');
  }
  const opened = await getOpenDb();
  if (!opened.dump) throw new ApiError(404, 'not_found');
  if (!(await spendBackupSignature(opened.db, req.headers.get('x-backup-signature')!))) throw new ApiError(404, 'not_found');
  return new Response(await opened.dump(), {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${backupFileName()}"`,
      'Cache-Control': 'no-store',
    },
  });
}
