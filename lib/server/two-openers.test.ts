// Issue 31: README's order — `npm start`, then `npm run admin:create` before the first request reaches
// the server — made the command open the data folder itself while the server had it open: two
// PostgreSQL processes on one PGlite folder, and the database broken for good. And two `npm start` on
// one DATA_DIR both answered. Now the server opens the database before it listens, under the folder's
// lock (lib/db/data-dir-lock.mjs), a second server refuses, and admin:create goes through the first.
//
// The server here is test/embedded-server.ts: server.mjs's start (instrumentation.ts's register through
// lib/server/start.mjs's openBeforeListening) without Next's router, so no build is needed. With a
// production build newer than the code under test (.next/BUILD_ID), the same story runs again on the
// real `node server.mjs`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '@/lib/db/data-dir-lock.mjs';
import { freePort } from '@/lib/server/free-port.mjs';
import { openDb } from '@/lib/db/open';
import { rowsOf } from '@/lib/db/rows';

const ROOT = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tilmen-two-openers-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A process in its own process group (stopped with its children), its output collected. */
function start(args: string[], env: Record<string, string>): Proc {
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env: env as NodeJS.ProcessEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, out: () => out, exited };
}

async function until(what: string, check: () => boolean, proc?: Proc, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (proc && proc.child.exitCode !== null) throw new Error(`exited before ${what}:\n${proc.out()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} in ${ms / 1000} s${proc ? `:\n${proc.out()}` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const TSX = ['--conditions=react-server', '--import', 'tsx'];

const SERVERS = {
  'test/embedded-server.ts (server.mjs\'s start, no build needed)': [...TSX, 'test/embedded-server.ts'],
  'node server.mjs (the production build)': ['server.mjs'],
};

/** A build newer than the code it bundles that this test is about (else the real server would test older code). */
function freshBuild(): boolean {
  const id = path.join(ROOT, '.next/BUILD_ID');
  if (!existsSync(id)) return false;
  const built = statSync(id).mtimeMs;
  const code = ['instrumentation.ts', 'lib/db/data-dir-lock.mjs', 'lib/db/pglite.ts', 'lib/db/open.ts', 'lib/db/client.ts', 'lib/server/instance-mark.ts', 'lib/server/demo-tutors.ts'];
  return code.every((f) => statSync(path.join(ROOT, f)).mtimeMs < built);
}

async function story(serverArgs: string[], name: string) {
  const dataDir = path.join(tmp, name, 'pglite');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmp,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    HOSTNAME: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(48).toString('base64url'),
  };
  const lockFile = lockFileOf(dataDir);
  const markFile = `${dataDir}.server.json`;

  // npm start on a fresh DATA_DIR.
  const portA = await freePort();
  const first = start(serverArgs, { ...env, PORT: String(portA) });
  // The moment it holds the folder (opening the database, not listening yet), admin:create, as the README says.
  await until('lock of the first server', () => existsSync(lockFile), first);
  const markBefore = existsSync(markFile);
  const admin = start([...TSX, 'scripts/admin/create.ts', '--email', 'boss@school.kz', '--name', 'Айгерим Садыкова'], env);
  await until('"ready on" of the first server', () => /ready on/.test(first.out()), first);

  // A second npm start on the same DATA_DIR: refused, with one line naming the first, and nothing changed.
  const held = { lock: readFileSync(lockFile, 'utf8'), mark: readFileSync(markFile, 'utf8') };
  expect(JSON.parse(held.lock)).toMatchObject({ pid: first.child.pid, port: portA });
  const portB = await freePort();
  const second = start(serverArgs, { ...env, PORT: String(portB) });
  const refused = await second.exited;
  expect(refused.code, second.out()).toBe(1);
  const lines = second.out().split('\n').filter((l) => l.includes('[db] Not starting'));
  expect(lines, second.out()).toHaveLength(1);
  expect(lines[0]).toContain(`[db] Not starting: the data folder ${dataDir} (DATA_DIR) is in use by the Tilmen server on port ${portA} (pid ${first.child.pid}, since `);
  expect(lines[0]).toContain('Stop that server first');
  expect(second.out()).not.toMatch(/ready on|migrated and seeded/);
  expect({ lock: readFileSync(lockFile, 'utf8'), mark: readFileSync(markFile, 'utf8') }).toEqual(held);

  // admin:create, started before the first request, went through the first server.
  const made = await admin.exited;
  expect(made.code, admin.out()).toBe(0);
  expect(admin.out()).toContain(`Admin boss@school.kz (made by the server on port ${portA}):`);
  expect(admin.out()).toMatch(/\/admin\/enrol#[\w-]{20,}/);
  if (!markBefore && /waiting for it/.test(admin.out())) console.info(`[${name}] admin:create waited for the server to open the database, then went through it`);

  // The first server answers from a whole database (a 500 on every request was the symptom).
  if (name === 'next') {
    // A route handler opens the database before it looks at the caller: 401, not 500.
    expect((await fetch(`http://127.0.0.1:${portA}/api/member/me`)).status).toBe(401);
  } else {
    expect(await (await fetch(`http://127.0.0.1:${portA}/health`)).json()).toEqual({ ok: true, staff: 1 });
  }

  // Stopped (SIGTERM: the background work stops, the database closes): lock and mark are gone.
  process.kill(-first.child.pid!, 'SIGTERM');
  expect((await first.exited).code, first.out()).toBe(0);
  expect(existsSync(lockFile)).toBe(false);
  expect(existsSync(markFile)).toBe(false);

  // The folder opens again and answers: the catalogue of the database too (base/5/1249 is pg_attribute).
  const opened = await openDb({ dataDir, seed: false });
  try {
    const staff = rowsOf<{ email: string; name: string }>(await opened.db.execute(sql`select email, name from staff`));
    expect(staff).toEqual([{ email: 'boss@school.kz', name: 'Айгерим Садыкова' }]);
    const [attrs] = rowsOf<{ n: number }>(await opened.db.execute(sql`select count(*)::int as n from pg_attribute`));
    expect(attrs!.n).toBeGreaterThan(1000);
    await opened.db.execute(sql`create table after_the_test (id int primary key)`);
    await opened.db.execute(sql`insert into after_the_test select generate_series(1, 1000)`);
    await opened.db.execute(sql`vacuum full pg_attribute`);
    const [rows] = rowsOf<{ n: number }>(await opened.db.execute(sql`select count(*)::int as n from after_the_test`));
    expect(rows!.n).toBe(1000);
  } finally {
    await opened.close();
  }
}

describe('one process per embedded database folder (issue 31)', () => {
  it(`npm start, admin:create before the first request, a second npm start on the same DATA_DIR: refused; admin:create goes through the first; the database is whole — ${Object.keys(SERVERS)[0]}`, async () => {
    await story(Object.values(SERVERS)[0]!, 'embedded');
  }, 240_000);

  it.runIf(freshBuild())(`the same on ${Object.keys(SERVERS)[1]}`, async () => {
    await story(Object.values(SERVERS)[1]!, 'next');
  }, 240_000);
});
