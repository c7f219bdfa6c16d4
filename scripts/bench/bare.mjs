// The bare framework page (scripts/bench/bare/README.md): built when missing or older than its
// sources, started with `next start` on a free port. The throughput and Lighthouse sections measure it
// beside the school's pages in the same run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../lib/server/free-port.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { httpGet } from './lib.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const BARE = path.join(HERE, 'bare');
const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');

/** The bare page's build (scripts/bench/bare/.next), made when missing or older than its sources. */
export function buildBare(log) {
  const built = path.join(BARE, '.next', 'BUILD_ID');
  const newest = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      if (e.name === '.next' || e.name === 'node_modules') return m;
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > newest(BARE)) return;
  log('building the bare framework page (scripts/bench/bare)…');
  execFileSync(process.execPath, [NEXT_BIN, 'build'], { cwd: BARE, stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' } });
}

/** `next start` of the bare page on a free port; resolves to { child, url } once / answers 200. */
export async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port)], { cwd: BARE, stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' } });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await httpGet(url, { timeoutMs: 2_000 }).then((r) => r.status === 200, () => false);
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error('the bare page did not answer within 30 s');
}

