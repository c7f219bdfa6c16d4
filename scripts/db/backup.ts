// npm run db:backup [-- --out DIR]
// A consistent backup of the embedded database (DATA_DIR) while the server runs: a running server
// holds the data folder, so the dump is asked of it (POST /api/internal/backup, loopback, signed with
// the application secret, found through <DATA_DIR>.server.json like admin:create); with no server
// running the folder is read directly. Writes DIR/tilmen-backup-<UTC time>Z.tar.gz (DIR defaults to
// <DATA_DIR>.backups) and prints its path, size and the time taken. With DATABASE_URL set it prints
// the pg_dump command instead (docs/operations.md, "Backups on PostgreSQL").
// Run with tsx under the react-server condition, like admin:create.
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { backupFileName, backupSignature, dumpPglite, isEmptyDir } from '@/lib/backup/embedded';
import { appSecret, env } from '@/lib/env';
import { readInstanceMark } from '@/lib/server/instance-mark';

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log('Usage: npm run db:backup [-- --out DIR]   (DATA_DIR: the embedded database; default DIR: <DATA_DIR>.backups)');
  process.exit(0);
}

async function viaServer(port: number, file: string) {
  const time = String(Date.now());
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/backup`, {
    method: 'POST',
    headers: { 'x-backup-time': time, 'x-backup-signature': backupSignature(appSecret(), time) },
  });
  if (!res.ok || !res.body) throw new Error(`the running server answered HTTP ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file, { mode: 0o600 }));
}

async function direct(dataDir: string, file: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  try {
    await pipeline(Readable.fromWeb((await dumpPglite(client)) as WebReadableStream<Uint8Array>), createWriteStream(file, { mode: 0o600 }));
  } finally {
    await client.close();
  }
}

async function main() {
  const e = env();
  if (e.DATABASE_URL) {
    console.error('db:backup is for the embedded database. With PostgreSQL (DATABASE_URL) use pg_dump:');
    console.error('  pg_dump --format=custom --no-owner --file=tilmen-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump "$DATABASE_URL"');
    process.exit(2);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const outDir = path.resolve(values.out ?? `${dataDir}.backups`);
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const file = path.join(outDir, backupFileName());
  const partial = `${file}.partial`;
  const running = readInstanceMark(dataDir);
  if (!running && isEmptyDir(dataDir)) throw new Error(`no database in ${dataDir} (DATA_DIR)`);
  const t0 = performance.now();
  try {
    if (running) await viaServer(running.port, partial);
    else await direct(dataDir, partial);
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  const seconds = (performance.now() - t0) / 1000;
  const mb = statSync(file).size / 1024 / 1024;
  console.log(`Backup of ${dataDir}${running ? ` (through the server on port ${running.port})` : ''}: ${file}`);
  console.log(`${mb.toFixed(1)} MiB in ${seconds.toFixed(1)} s. Keep it with the secret (APP_SECRET or ${dataDir}.secret), stored apart from it.`);
}

main().catch((err: unknown) => {
  console.error(`db:backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
