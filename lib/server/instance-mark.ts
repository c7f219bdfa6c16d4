import 'server-only';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * `<DATA_DIR>.server.json`: which process has the embedded database open, and on which port. The
 * embedded database allows one process; commands (npm run admin:create) read this to talk to the
 * running server instead of opening the data folder a second time.
 */
const markPath = (dataDir: string) => `${dataDir}.server.json`;

export function writeInstanceMark(dataDir: string, port: number): void {
  writeFileSync(markPath(dataDir), JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  process.once('exit', () => {
    try {
      if (readInstanceMark(dataDir)?.pid === process.pid) rmSync(markPath(dataDir));
    } catch {
      // nothing to clean
    }
  });
}

/** The running server that holds the data folder, or null (none, or its process is gone). */
export function readInstanceMark(dataDir: string): { pid: number; port: number } | null {
  try {
    const mark = JSON.parse(readFileSync(markPath(dataDir), 'utf8')) as { pid: number; port: number };
    process.kill(mark.pid, 0); // throws when no such process
    return mark;
  } catch {
    return null;
  }
}
