import 'server-only';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dataDirHolder } from '@/lib/db/data-dir-lock.mjs';

/**
 * `<DATA_DIR>.server.json`: which server has the embedded database open, and on which port, written
 * once the database is open (instrumentation.ts, before server.mjs listens). The embedded database
 * allows one process, and the folder's lock (`<DATA_DIR>.lock`, lib/db/data-dir-lock.mjs) sees to it;
 * commands (npm run admin:create, db:backup) read this to talk to the running server instead.
 */
const markPath = (dataDir: string) => `${dataDir}.server.json`;

export function writeInstanceMark(dataDir: string, port: number): void {
  writeFileSync(markPath(dataDir), JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  process.once('exit', () => {
    try {
      if (readMark(dataDir)?.pid === process.pid) rmSync(markPath(dataDir));
    } catch {
      // nothing to clean
    }
  });
}

function readMark(dataDir: string): { pid: number; port: number } | null {
  try {
    return JSON.parse(readFileSync(markPath(dataDir), 'utf8')) as { pid: number; port: number };
  } catch {
    return null;
  }
}

/**
 * The running server that holds the data folder, or null: no mark, or one left by a server that is
 * gone (the folder's lock is not held by the mark's process: a mark outlives a kill -9, and its pid
 * may be another process's by now).
 */
export function readInstanceMark(dataDir: string): { pid: number; port: number } | null {
  const mark = readMark(dataDir);
  if (!mark) return null;
  return dataDirHolder(dataDir)?.pid === mark.pid ? mark : null;
}
