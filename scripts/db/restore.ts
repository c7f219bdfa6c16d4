// npm run db:restore -- <backup.tar.gz> [--force]
// Restores a backup made by `npm run db:backup` into DATA_DIR (the embedded database). The folder
// must be empty or missing; --force moves a non-empty one aside to <DATA_DIR>.before-restore-<time>
// (nothing is deleted). Refuses while a server (or a command) holds the folder; holds the folder's lock
// (<DATA_DIR>.lock) itself from the check to the end, so no server opens it halfway. Prints the time taken and the
// counts read back from the restored database. With DATABASE_URL set it prints the pg_restore
// command instead (docs/operations.md, "Backups on PostgreSQL").
// Run with tsx under the react-server condition, like admin:create.
import { existsSync, openAsBlob, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEmptyDir, restorePglite } from '@/lib/backup/embedded';
import { isDataDirLocked, lockDataDir, type DataDirLock } from '@/lib/db/data-dir-lock.mjs';
import { env } from '@/lib/env';

const USAGE = 'Usage: npm run db:restore -- <backup.tar.gz> [--force]   (into DATA_DIR; --force moves a non-empty DATA_DIR aside)';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
if (values.help || positionals.length !== 1) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

function refuse(message: string): never {
  console.error(`db:restore refused: ${message}`);
  process.exit(1);
}

async function main() {
  const e = env();
  if (e.DATABASE_URL) {
    console.error('db:restore is for the embedded database. With PostgreSQL (DATABASE_URL) use pg_restore into an empty database:');
    console.error('  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" tilmen-<time>.dump');
    process.exit(2);
  }
  const file = path.resolve(positionals[0]!);
  if (!existsSync(file)) refuse(`no such file: ${file}`);
  const dataDir = path.resolve(e.DATA_DIR);
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(dataDir);
  } catch (err) {
    if (isDataDirLocked(err)) refuse(err.summary);
    throw err;
  }
  let counts;
  const t0 = performance.now();
  try {
    if (!isEmptyDir(dataDir)) {
      if (!values.force) refuse(`${dataDir} (DATA_DIR) is not empty. Restore into an empty folder, or add --force to move this one aside first.`);
      const aside = `${dataDir}.before-restore-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
      renameSync(dataDir, aside);
      console.log(`Moved the current database aside: ${aside}`);
    }
    counts = await restorePglite(dataDir, await openAsBlob(file), lock);
  } finally {
    lock.release();
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`Restored ${file} into ${dataDir} in ${seconds.toFixed(1)} s: ${counts.leads} leads, ${counts.kazakhTestTakers} Kazakh test takers, ${counts.users} accounts.`);
  if (!e.APP_SECRET && !existsSync(`${dataDir}.secret`)) {
    console.warn(`Warning: no APP_SECRET and no ${dataDir}.secret: put back the secret of the backed-up install, or sign-ins, IIN checks and links made before will not match.`);
  }
}

main().catch((err: unknown) => {
  console.error(`db:restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
