// The data folder's lock (issue 31): one process per embedded database folder, taken atomically
// before PGlite opens it; a stale lock (its process gone, or its pid reused) is taken over, by exactly
// one of the processes that find it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirHolder, holderState, isDataDirLocked, lockDataDir, lockFileOf, type DataDirLockRecord } from './data-dir-lock.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tilmen-lock-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const LOCK_MODULE = pathToFileURL(path.join(__dirname, 'data-dir-lock.mjs')).href;
const linux = existsSync('/proc/self/stat');
let n = 0;
const freshDir = () => path.join(tmp, `db-${++n}`);

/** A node process running `body` (ESM, with lockDataDir imported); resolves with its exit code and output. */
function child(body: string, onSpawn?: (pid: number) => void, env: Record<string, string> = {}): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', `import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};\n${body}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    p.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    p.once('error', reject);
    p.once('spawn', () => onSpawn?.(p.pid!));
    p.once('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  let pid = 0;
  await child('', (p) => (pid = p));
  return pid;
}

function record(over: Partial<DataDirLockRecord>): DataDirLockRecord {
  return {
    pid: 1,
    port: null,
    command: 'scripts/test.ts',
    host: os.hostname(),
    bootId: linux ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null,
    procStart: null,
    startedAt: new Date().toISOString(),
    lockedAt: new Date().toISOString(),
    nonce: 'planted',
    ...over,
  };
}

const plant = (dir: string, rec: DataDirLockRecord) => writeFileSync(lockFileOf(dir), JSON.stringify(rec));
const lockRecord = (dir: string) => JSON.parse(readFileSync(lockFileOf(dir), 'utf8')) as DataDirLockRecord;
const procStartOf = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19]!;
};

describe('the data folder lock', () => {
  it('is <DATA_DIR>.lock with pid, port and start; a second opener is refused until it is released', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir, { port: 4123 });
    expect(lock.file).toBe(`${dir}.lock`);
    expect(existsSync(dir)).toBe(false); // the lock never makes the folder itself
    expect(lockRecord(dir)).toMatchObject({ pid: process.pid, port: 4123, host: os.hostname() });
    expect(lockRecord(dir).startedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(dataDirHolder(dir)?.pid).toBe(process.pid);
    const err = await lockDataDir(dir).catch((e: unknown) => e);
    expect(isDataDirLocked(err)).toBe(true);
    expect((err as Error).message).toContain(`already open in this process (pid ${process.pid}`);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    expect(dataDirHolder(dir)).toBeNull();
    (await lockDataDir(dir)).release();
  });

  it('two processes race to lock one folder: exactly one wins, every round, also when both find a stale lock to take over', async () => {
    // With a stale lock, each racer pauses between finding it stale and removing it (a test-only
    // setting), so all of them find it stale before any removes it: the takeover must still let one in.
    const racer = (dir: string, start: number, pauseMs: number) =>
      child(`
        while (Date.now() < ${start}) {}
        try {
          const lock = await lockDataDir(${JSON.stringify(dir)}, { port: process.pid });
          console.log('won ' + process.pid);
          // Held long enough that a racer slowed by a busy machine still meets it held (a release
          // before a late racer tries would let it in too: not a second opener at once, but no race either).
          setTimeout(() => lock.release(), 1500);
        } catch (err) {
          console.log('lost: ' + err.message);
        }`, undefined, { TILMEN_LOCK_TAKEOVER_PAUSE_MS: String(pauseMs) });
    const dead = await deadPid();
    for (let round = 0; round < 4; round++) {
      const dir = freshDir();
      if (round % 2 === 1) plant(dir, record({ pid: dead, port: 3999 }));
      // Four processes that start to lock at the same moment (node itself takes ~50-150 ms to start here,
      // over a second on a loaded 2-core machine).
      const start = Date.now() + 1500;
      const results = await Promise.all([0, 1, 2, 3].map(() => racer(dir, start, round % 2 === 1 ? 150 : 0)));
      const winners = results.filter((r) => r.out.startsWith('won'));
      expect(winners, results.map((r) => r.out).join('\n')).toHaveLength(1);
      const winner = Number(winners[0]!.out.split(' ')[1]);
      for (const r of results.filter((x) => !x.out.startsWith('won'))) {
        expect(r.out).toContain(`in use by the Tilmen server on port ${winner} (pid ${winner},`);
      }
      expect(existsSync(lockFileOf(dir))).toBe(false); // the winner gave it back on its way out
      expect(existsSync(`${lockFileOf(dir)}.takeover`)).toBe(false);
    }
  }, 60_000);

  it('a stale lock of a dead pid is taken over; a live holder is refused, with its pid and port', async () => {
    const dir = freshDir();
    plant(dir, record({ pid: await deadPid(), port: 3999 }));
    const lock = await lockDataDir(dir);
    expect(lockRecord(dir).pid).toBe(process.pid);
    lock.release();

    // The parent process (vitest) is alive: its lock holds.
    plant(dir, record({ pid: process.ppid, port: 3999, procStart: linux ? procStartOf(process.ppid) : null }));
    const err = await lockDataDir(dir).catch((e: unknown) => e);
    expect(isDataDirLocked(err)).toBe(true);
    expect((err as Error).message).toMatch(new RegExp(`in use by the Tilmen server on port 3999 \\(pid ${process.ppid}, since .*\\).*Stop that server first`));
    expect(lockRecord(dir).nonce).toBe('planted'); // refused: nothing changed
  });

  it.runIf(linux)('a pid reused by another process (another start time), or a lock from before a reboot, is stale', async () => {
    const dir = freshDir();
    const reused = record({ pid: process.ppid, port: 3999, procStart: String(Number(procStartOf(process.ppid)) + 1) });
    expect(holderState(reused)).toBe('dead');
    plant(dir, reused);
    (await lockDataDir(dir)).release();

    const rebooted = record({ pid: process.ppid, procStart: procStartOf(process.ppid), bootId: '00000000-0000-0000-0000-000000000000' });
    expect(holderState(rebooted)).toBe('dead');
    expect(holderState({ ...rebooted, bootId: record({}).bootId })).toBe('alive');
  });

  it('a lock from another host is never taken over: the message names the file to delete', async () => {
    const dir = freshDir();
    plant(dir, record({ pid: await deadPid(), host: 'some-other-host' }));
    const err = await lockDataDir(dir).catch((e: unknown) => e);
    expect((err as Error).message).toContain(`on the host some-other-host`);
    expect((err as Error).message).toContain(`delete ${dir}.lock`);
    expect(lockRecord(dir).nonce).toBe('planted');
  });

  it('a process that exits without closing gives the lock back; one killed by SIGKILL leaves it, and the next opener takes it over', async () => {
    const dir = freshDir();
    const exited = await child(`await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); process.exit(3);`);
    expect(exited).toMatchObject({ code: 3, out: 'locked\n' });
    expect(existsSync(lockFileOf(dir))).toBe(false);

    let pid = 0;
    const killed = child(`await lockDataDir(${JSON.stringify(dir)}, { port: 4000 }); console.log('locked'); setInterval(() => {}, 1000);`, (p) => (pid = p));
    for (let i = 0; i < 100 && !existsSync(lockFileOf(dir)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(dataDirHolder(dir)?.pid).toBe(pid);
    process.kill(pid, 'SIGKILL');
    expect((await killed).signal).toBe('SIGKILL');
    expect(lockRecord(dir).pid).toBe(pid); // left behind
    expect(dataDirHolder(dir)).toBeNull(); // but stale
    const lock = await lockDataDir(dir);
    expect(lockRecord(dir).pid).toBe(process.pid);
    lock.release();
  }, 30_000);

  it('waits for a command that holds the folder (when asked to), never for a server', async () => {
    const dir = freshDir();
    const command = child(`const lock = await lockDataDir(${JSON.stringify(dir)}, { command: 'scripts/seed/leads.ts' }); console.log('locked'); setTimeout(() => lock.release(), 800);`);
    for (let i = 0; i < 100 && !existsSync(lockFileOf(dir)); i++) await new Promise((r) => setTimeout(r, 50));
    const waitedFor: string[] = [];
    const t0 = Date.now();
    const lock = await lockDataDir(dir, { waitMs: 10_000, onWait: (h) => waitedFor.push(h.command) });
    expect(waitedFor).toEqual(['scripts/seed/leads.ts']);
    expect(Date.now() - t0).toBeGreaterThan(200);
    lock.release();
    await command;

    const server = child(`const lock = await lockDataDir(${JSON.stringify(dir)}, { port: 4001 }); console.log('locked'); setTimeout(() => lock.release(), 3000);`);
    for (let i = 0; i < 100 && !existsSync(lockFileOf(dir)); i++) await new Promise((r) => setTimeout(r, 50));
    const t1 = Date.now();
    await expect(lockDataDir(dir, { waitMs: 10_000 })).rejects.toThrow(/in use by the Tilmen server on port 4001/);
    expect(Date.now() - t1).toBeLessThan(1000);
    await server;
  }, 30_000);
});
