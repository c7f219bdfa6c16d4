// The lock of an embedded database's data folder: `<DATA_DIR>.lock`, PostgreSQL's postmaster.pid for
// PGlite. PGlite is a whole PostgreSQL in one process with no shared memory between processes: two
// processes on one folder each believe they own it, and their pages overwrite each other (issue 31:
// `npm start`, then `npm run admin:create` before the first request, broke pg_attribute for good).
// So every opener of a folder takes this lock first (lib/db/pglite.ts: openDb, the backup and the
// restore; scripts/durability/kill9.mjs), and gives it back when it closes the database or exits.
//
// The lock file is created with O_EXCL (atomic: of two processes, exactly one creates it) and holds
// JSON: pid, port (the server's; null for a command), command, host, boot id, the process's start
// (Linux: /proc/<pid>/stat, in clock ticks since boot), when it was taken, and a nonce. A lock is
// stale, and is taken over, only when its holder is provably gone:
//   - same host, another boot (/proc/sys/kernel/random/boot_id): every process of that boot is gone;
//   - no process with that pid (kill(pid, 0) → ESRCH), or a zombie;
//   - a process with that pid that started at another moment: the pid was reused (after kill -9 and a
//     restart of a container, the new server often gets the very pid of the old one).
// A lock from another host (a shared network folder) cannot be checked from here: it is never taken
// over; the message says which file to delete once nothing there uses the folder.
//
// Taking over: two processes that find the same stale lock must not both win. Removing a stale lock
// happens only under `<lock>.takeover` (also O_EXCL), and only when the lock still has the very text
// judged stale; then each goes back to the O_EXCL create, which exactly one of them wins. The
// takeover file is held for microseconds; one older than 10 s was left by a process that died in
// those microseconds, and is removed. (The one window left: two processes that both find such a
// left-over takeover file at the same microsecond. PostgreSQL's own postmaster.pid has a wider one.)
//
// Plain ESM for node: server.mjs, scripts/durability/kill9.mjs and lib/db/pglite.ts import it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A takeover file older than this was left by a process that died holding it (it is held for microseconds). */
const TAKEOVER_STALE_MS = 10_000;
/** A lock file that cannot be read as a lock yet is being written (microseconds); older than this, it is junk. */
const UNREADABLE_STALE_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function bootId() {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Linux: a process's state and start time (clock ticks since boot) from /proc/<pid>/stat; null elsewhere or when gone. */
function procStat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] };
  } catch {
    return null;
  }
}

/** `<dataDir>.lock`, beside the real folder (a DATA_DIR reached through a symbolic link locks the folder itself). */
export function lockFileOf(dataDir) {
  const abs = path.resolve(dataDir);
  let real;
  try {
    real = fs.realpathSync(abs);
  } catch {
    try {
      real = path.join(fs.realpathSync(path.dirname(abs)), path.basename(abs));
    } catch {
      real = abs;
    }
  }
  return `${real}.lock`;
}

/**
 * Whether the process that wrote `record` may still hold the folder: 'alive', 'dead' (gone: the lock
 * may be taken over) or 'elsewhere' (another host: cannot be checked, so never taken over).
 */
export function holderState(record) {
  if (record.host !== os.hostname()) return 'elsewhere';
  const boot = bootId();
  if (record.bootId && boot && record.bootId !== boot) return 'dead';
  try {
    process.kill(record.pid, 0);
  } catch (err) {
    if (err.code === 'ESRCH') return 'dead';
    // EPERM: a process of another user has this pid; its start time below tells whether it is the holder.
  }
  if (record.procStart) {
    const now = procStat(record.pid);
    if (now && (now.start !== record.procStart || now.state === 'Z' || now.state === 'X')) return 'dead';
  }
  return 'alive';
}

/** The lock file's text and parsed record: null when there is none; record null when it is not a lock (yet). */
function readLock(file) {
  let raw;
  let mtimeMs;
  try {
    raw = fs.readFileSync(file, 'utf8');
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw err;
  }
  let record = null;
  try {
    const parsed = JSON.parse(raw);
    if (Number.isInteger(parsed?.pid) && parsed.pid > 0 && typeof parsed.nonce === 'string') record = parsed;
  } catch {
    // being written, or not a lock
  }
  return { raw, record, mtimeMs };
}

/** The live holder of a data folder's lock, or null (no lock, or a stale one). */
export function dataDirHolder(dataDir) {
  const seen = readLock(lockFileOf(dataDir));
  if (!seen?.record) return null;
  return holderState(seen.record) === 'dead' ? null : seen.record;
}

function when(iso) {
  return typeof iso === 'string' ? iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : 'an unknown time';
}

/** One line: who holds the folder, and what to do. */
export function lockedMessage(dataDir, file, holder, state) {
  const where = `the data folder ${dataDir} (DATA_DIR)`;
  if (!holder) return `${where} is locked (${file} is not a lock this version reads): if no process uses the folder, delete that file.`;
  const since = when(holder.lockedAt);
  if (state === 'elsewhere') {
    return `${where} is locked by pid ${holder.pid} on the host ${holder.host} (since ${since}), which cannot be checked from here: if no process there uses the folder any more, delete ${file}.`;
  }
  if (holder.pid === process.pid) return `${where} is already open in this process (pid ${holder.pid}, since ${since}): open it once and share it.`;
  if (holder.port != null) {
    return `${where} is in use by the Tilmen server on port ${holder.port} (pid ${holder.pid}, since ${since}); the embedded database allows one process. Stop that server first (or give this one another DATA_DIR); commands such as npm run admin:create and db:backup go through it.`;
  }
  return `${where} is in use by ${holder.command || 'another command'} (pid ${holder.pid}, since ${since}); the embedded database allows one process. Wait for it to finish, or stop it.`;
}

export class DataDirLockedError extends Error {
  /**
   * @param {string} dataDir
   * @param {string} file
   * @param {object | null} holder
   * @param {string} state
   */
  constructor(dataDir, file, holder, state) {
    const summary = lockedMessage(dataDir, file, holder, state);
    super(summary);
    this.name = 'DataDirLockedError';
    this.code = 'EDATADIRLOCKED';
    // Kept apart from `message`, which a caller may prefix (Next does, for an error of instrumentation.ts).
    this.summary = summary;
    this.dataDir = dataDir;
    this.file = file;
    this.holder = holder;
    this.state = state;
  }
}

/** True for the error of a folder locked by another process (also across module copies: Next's bundle and server.mjs). */
export function isDataDirLocked(err) {
  return typeof err === 'object' && err !== null && err.code === 'EDATADIRLOCKED';
}

/**
 * Removes the stale lock whose text is `raw`, under `<file>.takeover`: nobody else removes a lock file
 * meanwhile, and none is created while one exists, so a lock that still reads `raw` is the stale one.
 * Returns without removing anything when another process is taking over at this moment (the caller
 * tries again).
 */
function removeStale(file, raw) {
  const takeover = `${file}.takeover`;
  let fd;
  try {
    fd = fs.openSync(takeover, 'wx', 0o644);
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    try {
      if (Date.now() - fs.statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) fs.rmSync(takeover, { force: true });
    } catch {
      // gone meanwhile
    }
    return;
  }
  try {
    fs.writeSync(fd, `${process.pid}\n`);
    fs.closeSync(fd);
    fd = undefined;
    if (readLock(file)?.raw === raw) fs.unlinkSync(file);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(takeover, { force: true });
  }
}

/**
 * Tests only (data-dir-lock.test.ts): TILMEN_LOCK_TAKEOVER_PAUSE_MS holds a process between finding a
 * lock stale and removing it, so that racing processes all find it stale before any removes it.
 */
function pauseBeforeTakeover() {
  const ms = Number(process.env.TILMEN_LOCK_TAKEOVER_PAUSE_MS);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One attempt: { lock: true } when this process now holds `file`, else who holds it. */
function tryLock(file, text) {
  for (let round = 0; round < 100; round++) {
    let fd;
    try {
      fd = fs.openSync(file, 'wx', 0o644);
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (fd !== undefined) {
      try {
        fs.writeSync(fd, text);
        fs.fsyncSync(fd);
      } catch (err) {
        fs.closeSync(fd);
        fs.rmSync(file, { force: true });
        throw err;
      }
      fs.closeSync(fd);
      return { lock: true };
    }
    const seen = readLock(file);
    if (!seen) continue; // released meanwhile: create it
    if (!seen.record) {
      // Created a moment ago and not written yet, or junk left behind.
      if (Date.now() - seen.mtimeMs < UNREADABLE_STALE_MS) return { lock: false, busy: true };
      removeStale(file, seen.raw);
      continue;
    }
    const state = holderState(seen.record);
    if (state !== 'dead') return { lock: false, holder: seen.record, state };
    pauseBeforeTakeover();
    removeStale(file, seen.raw);
  }
  return { lock: false, busy: true };
}

/**
 * Takes the lock of `dataDir` (creating its parent folder, never the folder itself), or throws
 * DataDirLockedError naming the holder. Call it before anything opens the folder.
 * @param {string} dataDir
 * @param {{ port?: number | null, command?: string, waitMs?: number, onWait?: (holder: object) => void }} [opts]
 *   port: the server's port (a lock with a port is a server's: commands go through it); waitMs: how
 *   long to wait while a command (no port) holds the folder (default 0); a server's lock is never waited for.
 */
export async function lockDataDir(dataDir, opts = {}) {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const file = lockFileOf(dir);
  const stat = procStat(process.pid);
  const record = {
    pid: process.pid,
    port: opts.port ?? null,
    command: opts.command ?? (path.relative(process.cwd(), process.argv[1] ?? '') || 'node'),
    host: os.hostname(),
    bootId: bootId(),
    procStart: stat?.start ?? null,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    lockedAt: new Date().toISOString(),
    nonce: randomBytes(12).toString('base64url'),
  };
  const text = `${JSON.stringify(record)}\n`;
  const deadline = Date.now() + (opts.waitMs ?? 0);
  let told = false;
  for (;;) {
    const got = tryLock(file, text);
    if (got.lock) break;
    if (got.busy) {
      await sleep(20);
      continue;
    }
    const waitable = got.state === 'alive' && got.holder.port == null && got.holder.pid !== process.pid && Date.now() < deadline;
    if (!waitable) throw new DataDirLockedError(dir, file, got.holder, got.state);
    if (!told) opts.onWait?.(got.holder);
    told = true;
    await sleep(200);
  }

  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    try {
      if (readLock(file)?.record?.nonce === record.nonce) fs.unlinkSync(file);
    } catch {
      // gone already
    }
  };
  // A process that exits without closing its database (an error, process.exit) leaves no lock behind;
  // one killed by a signal does, and the next opener takes it over (its pid is gone).
  process.on('exit', release);
  return {
    dataDir: dir,
    file,
    record,
    /** Still held by this process (not released, and the file still has this lock's nonce). */
    isHeld: () => held && readLock(file)?.record?.nonce === record.nonce,
    release,
  };
}
