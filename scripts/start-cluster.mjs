// npm run start:cluster: N instances of the production server (server.mjs) on consecutive ports of
// 127.0.0.1, for nginx's `upstream tilmen` (deploy/nginx/tilmen.conf). Without systemd (see
// deploy/systemd/tilmen@.service for the supervised way). Every instance shares this environment:
// DATABASE_URL (PostgreSQL; the embedded database allows one process) and APP_SECRET are required.
//
//   INSTANCES=2 PORT_BASE=3001 DATABASE_URL=postgres://… APP_SECRET=… npm run start:cluster
//
// An instance that exits is started again after a second (at most 5 times a minute, then the whole
// cluster stops with an error, so that a supervisor above sees it). SIGTERM/SIGINT stop every
// instance gracefully (each finishes its background pass and closes the database).
import { spawn } from 'node:child_process';
import path from 'node:path';

const count = Number(process.env.INSTANCES || 2);
const base = Number(process.env.PORT_BASE || 3001);
const host = process.env.HOSTNAME || '127.0.0.1';
if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error('INSTANCES must be 1..64');
if (!Number.isInteger(base) || base < 1 || base + count > 65535) throw new Error('PORT_BASE must be a port');
if (!process.env.DATABASE_URL) {
  console.error('start:cluster: DATABASE_URL is required (several instances share one PostgreSQL; the embedded database allows one process).');
  process.exit(1);
}
if (!process.env.APP_SECRET) {
  console.error('start:cluster: APP_SECRET is required (every instance must sign and check tokens alike): openssl rand -base64 48');
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const children = new Map();
const restarts = [];
let stopping = false;

function start(port) {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', TRUST_PROXY: process.env.TRUST_PROXY ?? 'true', PORT: String(port), HOSTNAME: host, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tag = `[${port}] `;
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) to.write(tag + line + '\n');
    });
  }
  children.set(port, child);
  child.on('exit', (code, signal) => {
    children.delete(port);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    console.error(`${tag}exited (${signal ?? code}); starting it again`);
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > 5 * count) {
      console.error('start:cluster: instances keep exiting; stopping.');
      stop(1);
      return;
    }
    setTimeout(() => start(port), 1000);
  });
}

function stop(code = 0) {
  stopping = true;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code);
  }, 10_000).unref();
}
process.once('SIGTERM', () => stop(0));
process.once('SIGINT', () => stop(0));

for (let i = 0; i < count; i++) start(base + i);
console.log(`start:cluster: ${count} instance(s) on ${host}:${base}${count > 1 ? `-${base + count - 1}` : ''}`);
