// npm run db:backup [-- --out DIR]
// A consistent backup of the embedded database (DATA_DIR) while the server runs: a running server
// holds the data folder, so the dump is asked of it (POST /api/internal/backup, loopback, signed with
// the application secret, found through <DATA_DIR>.server.json like admin:create; a server still
// opening the database is waited for); with no server running the folder is read directly, under its
// lock (<DATA_DIR>.lock), so no server opens it meanwhile. Writes DIR/tilmen-backup-<UTC time>Z.tar.gz (DIR defaults to
// <DATA_DIR>.backups) and prints its path, size and the time taken. With DATABASE_URL set it prints
// the pg_dump command instead (docs/operations.md, "Backups on PostgreSQL").
// Run with tsx under the react-server condition, like admin:create.
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { backupFileName, backupSignature, dumpDataDirFolder, isEmptyDir } from '@/lib/backup/embedded';
import { dataDirHolder, isDataDirLocked } from '@/lib/db/data-dir-lock.mjs';
import { appSecret, env } from '@/lib/env';
import { readInstanceMark } from '@/lib/server/instance-mark';

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log('Usage: npm run db:backup [-- --out DIR]   (DATA_DIR: the embedded database; default DIR: <DATA_DIR>.backups)');
  process.exit(0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function viaServer(port: number, file: string, deadline: number) {
  let res: Response;
  for (;;) {
    // Signed afresh for each try: a signature is good for a minute and once.
    const time = String(Date.now());
    try {
      res = await fetch(`http://127.0.0.1:${port}/api/internal/backup`, {
        method: 'POST',
        headers: { 'x-backup-time': time, 'x-backup-signature': backupSignature(appSecret(), time) },
      });
      break;
    } catch (err) {
      // The mark is written once the database is open, a moment before the server listens.
      if (Date.now() > deadline) throw err;
      await sleep(250);
    }
  }
  if (!res.ok || !res.body) throw new Error(`the running server answered HTTP ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file, { mode: 0o600 }));
}

async function direct(dataDir: string, file: string) {
  await pipeline(Readable.fromWeb((await dumpDataDirFolder(dataDir)) as WebReadableStream<Uint8Array>), createWriteStream(file, { mode: 0o600 }));
}

/** Through the running server, else from the folder itself; a server still opening the database is waited for (2 minutes). */
async function backup(dataDir: string, file: string): Promise<{ port?: number }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const running = readInstanceMark(dataDir);
    if (running) {
      await viaServer(running.port, file, deadline);
      return { port: running.port };
    }
    let server = dataDirHolder(dataDir);
    if (server?.port == null) {
      if (isEmptyDir(dataDir)) throw new Error(`no database in ${dataDir} (DATA_DIR)`);
      try {
        await direct(dataDir, file);
        return {};
      } catch (err) {
        if (!isDataDirLocked(err) || err.holder?.port == null || err.state !== 'alive') throw err;
        server = err.holder;
      }
    }
    // A server holds the folder and is still opening the database: its mark comes once it is open.
    if (Date.now() > deadline) throw new Error(`the server on port ${server.port} (pid ${server.pid}) holds ${dataDir} but has not opened the database in 2 minutes`);
    await sleep(250);
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
  const t0 = performance.now();
  let running: { port?: number };
  try {
    running = await backup(dataDir, partial);
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  const seconds = (performance.now() - t0) / 1000;
  const mb = statSync(file).size / 1024 / 1024;
  console.log(`Backup of ${dataDir}${running.port ? ` (through the server on port ${running.port})` : ''}: ${file}`);
  console.log(`${mb.toFixed(1)} MiB in ${seconds.toFixed(1)} s. Keep it with the secret (APP_SECRET or ${dataDir}.secret), stored apart from it.`);
}

main().catch((err: unknown) => {
  console.error(`db:backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
