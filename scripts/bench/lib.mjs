// Shared helpers for the benchmark sections (scripts/bench.mjs).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Plain GET without any Accept-Encoding (so the body is the identity bytes), no redirects followed.
 * @returns {Promise<{status:number, headers:import('node:http').IncomingHttpHeaders, body:Buffer}>}
 */
export function httpGet(url, { headers = {}, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.on('error', reject);
  });
}

/** Promise that rejects after ms (the timer does not keep the process alive). */
export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${Math.round(ms / 1000)} s`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const fmt = {
  int: (v) => (Number.isFinite(v) ? String(Math.round(v)) : '–'),
  dec: (v, d) => (Number.isFinite(v) ? v.toFixed(d) : '–'),
  score: (s) => (typeof s === 'number' ? String(Math.round(s * 100)) : '–'),
};

/** One-line error text, safe inside a Markdown table cell. */
export function errText(err, max = 160) {
  const s = String(err?.message ?? err).replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * A table that prints its header once and then each row as soon as it is known (console), and
 * renders itself as Markdown at the end (summary).
 * columns: [{ key, label, align: 'left'|'right', width }]
 */
export class LiveTable {
  constructor(columns, log = console.log) {
    this.columns = columns;
    this.rows = [];
    this.log = log;
    this.printedHeader = false;
  }

  #line(values) {
    return values
      .map((v, i) => {
        const c = this.columns[i];
        const s = String(v ?? '');
        // the last column (usually a note) is never padded or cut
        if (i === this.columns.length - 1) return s;
        const w = c.width ?? Math.max(c.label.length, 6);
        return c.align === 'left' ? s.padEnd(w) : s.padStart(w);
      })
      .join('  ')
      .trimEnd();
  }

  add(row) {
    if (!this.printedHeader) {
      this.log(this.#line(this.columns.map((c) => c.label)));
      this.printedHeader = true;
    }
    this.rows.push(row);
    this.log(this.#line(this.columns.map((c) => row[c.key])));
  }

  markdown() {
    const esc = (v) => String(v ?? '').replace(/\|/g, '\\|');
    const head = `| ${this.columns.map((c) => esc(c.label)).join(' | ')} |`;
    const sep = `| ${this.columns.map((c) => (c.align === 'left' ? ':--' : '--:')).join(' | ')} |`;
    const body = this.rows.map((r) => `| ${this.columns.map((c) => esc(r[c.key])).join(' | ')} |`);
    return [head, sep, ...body].join('\n');
  }
}

/**
 * The JavaScript sizes the bench compares: a build's chunks (paths as `static/chunks/….js`, relative
 * to `distDir`) gzipped at level 9, each read once; a missing file counts 0. `sum` counts each chunk once.
 */
export function chunkSizes(distDir) {
  const gz = new Map();
  const size = (rel) => {
    if (!gz.has(rel)) {
      const full = path.join(distDir, rel);
      gz.set(rel, fs.existsSync(full) ? zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length : 0);
    }
    return gz.get(rel);
  };
  return { size, sum: (rels) => [...new Set(rels)].reduce((a, r) => a + size(r), 0) };
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Runs one of the bench's TypeScript programs (scripts/bench/*.ts: library calls on their own PGlite,
 * or a browser against the running server) under tsx with the server's `react-server` condition, and
 * answers the JSON of the last line it prints (its figures). Its stderr shows as it goes.
 */
export function runFigures(file, env = {}, { timeoutMs } = {}) {
  const out = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(timeoutMs ? { timeout: timeoutMs } : {}),
  });
  return JSON.parse(out.trim().split('\n').pop());
}
