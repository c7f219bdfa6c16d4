// Two app instances on one throwaway PostgreSQL behind nginx with the production proxy snippet
// (deploy/nginx/tilmen-proxy.conf), over TLS with a self-signed certificate: the same path a
// browser's request takes in production (X-Forwarded-Proto https → Secure cookies, the client
// address overwritten by nginx). Run by scripts/test-cluster.sh (npm test's "cluster" step), which
// installs nginx when missing, starts PostgreSQL (TEST_DATABASE_URL) and builds when needed.
//
// nginx listens on three ports: the site (round robin over both instances, like production) and one
// pinned to each instance (same snippet, `$tilmen_upstream` naming a one-server upstream), so a step
// can say which instance answers. Its access log records which instance served each request.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDb } from '@/lib/db/open';
import { freePort } from '@/lib/server/free-port.mjs';
import { tutorApplications, tutorProfiles, tutorSchedules, users } from '@/lib/db/schema';
import sharp from 'sharp';
import { hashPassword } from '@/lib/auth/password';
import { CONSENT_VERSION } from '@/lib/consent';
import { LEAD_LIMITS } from '@/lib/leads/intake/submit';
import { startSmtp } from '@/test/smtp';
import { startFakeSmsGateway } from '@/test/fake-sms-gateway';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath, fakeMediaArgs } from '@/e2e/chromium-args';
import en from '@/messages/en.json';
import zlib from 'node:zlib';
import { routing } from '@/i18n/routing';
import { MARKETING_PATHS, TEST_PATHS } from '@/lib/site-map';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const APP_SECRET = 'cluster-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const SMS_KEY = 'cluster-test-key';
const PASSWORD = 'Almaty2026x';
const USER_PHONE = '+77059990001';
const TUTOR_PHONE = '+77059990002';
const TUTOR_SLUG = 'aigerim-cluster';
let tutorId = 0;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tilmen-cluster-'));
const procs: ChildProcess[] = [];
const logs = new Map<string, string[]>();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let sms: Awaited<ReturnType<typeof startFakeSmsGateway>>;
let admin: pg.Pool;
let dbUrl = '';
const dbName = `cluster_${process.pid}`;
const ports = { site: 0, a: 0, b: 0, appA: 0, appB: 0 };

/** Ports from CLUSTER_PORT_BASE (…+4) when given, else free ones. */
async function pickPorts() {
  const base = Number(process.env.CLUSTER_PORT_BASE || 0);
  const keys = Object.keys(ports) as (keyof typeof ports)[];
  for (const [i, k] of keys.entries()) ports[k] = base ? base + i : await freePort();
}

function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  // Its own process group (detached): afterAll stops the whole group.
  const child = spawn(cmd, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  logs.set(name, lines);
  for (const s of [child.stdout!, child.stderr!]) s.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
  procs.push(child);
  return child;
}

interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  raw: Buffer;
}

/** A response read whole, as `Res`. */
const collect = (resolve: (r: Res) => void) => (res: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    const raw = Buffer.concat(chunks);
    resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
  });
};

/** One HTTPS request through nginx, from `from` (a 127.x.y.z source address: each is a client). */
function request(port: number, method: string, urlPath: string, opts: { from?: string; json?: unknown; raw?: Buffer; headers?: Record<string, string> } = {}): Promise<Res> {
  const body = opts.raw ?? (opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json)));
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        localAddress: opts.from ?? '127.0.0.1',
        rejectUnauthorized: false,
        agent: false,
        headers: {
          ...(body ? { 'content-type': opts.raw ? 'application/octet-stream' : 'application/json', 'content-length': String(body.length) } : {}),
          'accept-language': 'ru',
          ...opts.headers,
        },
        timeout: 30_000,
      },
      collect(resolve),
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: timeout`)));
    req.end(body);
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const errorLog = path.join(tmp, 'error.log');
  const tails = [...logs, ['nginx error.log', fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8').split('\n') : []] as const]
    .map(([n, l]) => `--- ${n}\n${l.slice(-15).join('\n')}`)
    .join('\n');
  throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}\n${tails}`);
}

/** Lines of nginx's access log: client address, the instance that answered, status, request. */
function accessLog(): { client: string; upstream: string; status: number; request: string }[] {
  const file = path.join(tmp, 'access.log');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [client, upstream, status, ...rest] = l.split(' ');
      return { client: client!, upstream: upstream!, status: Number(status), request: rest.join(' ').replace(/^"|"$/g, '') };
    });
}

const cookieOf = (res: Res, name: string) => {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return set.find((c) => c.startsWith(`${name}=`));
};

/** One plain HTTP request straight to an instance (no nginx): what the app itself answers. */
function direct(port: number, method: string, urlPath: string, headers: Record<string, string> = {}): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, agent: false, headers: { 'accept-language': 'ru', ...headers }, timeout: 30_000 }, collect(resolve));
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: timeout`)));
    req.end();
  });
}

/**
 * Headers left out of the comparison of nginx's file answer with the app's, and why:
 *  - date, connection, keep-alive, server: the transport's, not the page's (Date is the moment; nginx
 *    adds Server: nginx to every answer, the app's passed through too);
 *  - transfer-encoding, content-length: the app compresses as it sends (chunked, no length), nginx
 *    sends a file of known length; compared when both send a length;
 *  - content-encoding: compared too, except where the client accepts brotli and not gzip (nginx
 *    sends the .br file, the app has no brotli and sends identity): the decoded bodies are compared;
 * and, in Content-Security-Policy, the nonce's value: a fresh one per request on both sides (the
 * app's 16 random bytes in base64, nginx's $request_id: 16 random bytes in hex).
 * Names are compared in lower case (HTTP/2 sends them so) and regardless of order.
 */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'server', 'transfer-encoding', 'content-length', 'content-encoding']);
const comparable = (res: Res) =>
  Object.fromEntries(
    Object.entries(res.headers)
      .filter(([k]) => !TRANSPORT_HEADERS.has(k))
      .map(([k, v]) => [k, k === 'content-security-policy' ? String(v).replace(/'nonce-[^']+'/, "'nonce-…'") : v])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
const decoded = (res: Res) => {
  const enc = res.headers['content-encoding'];
  return enc === 'br' ? zlib.brotliDecompressSync(res.raw) : enc === 'gzip' ? zlib.gunzipSync(res.raw) : res.raw;
};
/** The pages nginx sends from files (scripts/static-pages.mjs). */
const staticPages = () => (JSON.parse(fs.readFileSync(path.join(DIST, 'nginx', 'pages.json'), 'utf8')) as { pages: { path: string; file: string }[] }).pages;

/** A Kazakh mobile number; `prefix` (3 digits) varies the part the per-prefix SMS cap counts. */
const phone = (prefix: number, n: number) => `+7701${String(prefix).padStart(3, '0')}${String(n).padStart(4, '0')}`;

const lead = (p: string) => ({ name: 'Айгүл', phone: p, kind: 'callback', page: '/', consent: CONSENT_VERSION });

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set: run bash scripts/test-cluster.sh');
  if (!fs.existsSync(path.join(DIST, 'BUILD_ID'))) throw new Error(`no production build in ${DIST}: npm run build`);
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light libnginx-mod-http-brotli-static`);
  await pickPorts();

  // A fresh database on the throwaway server, migrated and seeded once (the instances then find it ready).
  admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  const opened = await openDb({ url: dbUrl });
  await opened.db.insert(users).values({ role: 'student', name: 'Айгүл', lastname: 'Сейтова', phone: USER_PHONE, passwordHash: await hashPassword(PASSWORD) });
  // A published, bookable tutor, free every day around the clock (the photo and booking cases).
  const [tutor] = await opened.db
    .insert(users)
    .values({ role: 'tutor', name: 'Айгерім', lastname: 'Сейітова', phone: TUTOR_PHONE, passwordHash: await hashPassword(PASSWORD), scope: 'tutor tutor:bookable', subject: 'kazakh', teachingLanguage: 'kk', tutorKind: 'local' })
    .returning({ id: users.id });
  tutorId = tutor!.id;
  const profile = {
    about: { ru: 'Преподаю казахский десять лет. На уроках больше говорим: повседневные темы, новости, работа. Грамматику объясняю на примерах.' },
    teachingLanguages: ['kk', 'ru'],
    nativeSpeaker: true,
    subjects: ['kazakh'],
    levels: ['beginner'],
    ages: ['adults'],
    price: 5000,
    experienceYears: 10,
    video: null,
    photo: null,
  } as unknown as typeof tutorProfiles.$inferInsert.draft;
  await opened.db.insert(tutorApplications).values({ userId: tutorId, status: 'approved', reviewDueAt: new Date(), decidedAt: new Date() });
  await opened.db.insert(tutorProfiles).values({ userId: tutorId, slug: TUTOR_SLUG, draft: profile, published: profile, publishedAt: new Date() });
  await opened.db.insert(tutorSchedules).values({ tutorId, weekly: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[0, 1440]]])) });
  await opened.close();

  smtp = await startSmtp();
  sms = await startFakeSmsGateway({ apiKey: SMS_KEY, login: 'x', password: 'x' });
  execFileSync('node', ['scripts/precompress.mjs', path.join(DIST, 'static')], { cwd: ROOT, stdio: 'ignore' });
  // The pages nginx sends from files (npm run build writes them; rewritten here for a build made by next build alone).
  execFileSync('node', ['scripts/static-pages.mjs', DIST], { cwd: ROOT, stdio: 'ignore' });

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: dbUrl,
    APP_SECRET,
    TRUST_PROXY: 'true',
    HOSTNAME: '127.0.0.1',
    SMTP_URL: smtp.url,
    STAFF_EMAIL: 'sales@cluster.test',
    SMS_DRIVER: 'mobizon',
    SMS_API_URL: sms.url,
    SMS_API_KEY: SMS_KEY,
    // Both instances poll the outbox five times a second, besides the kick after each request: they race for every row.
    OUTBOX_POLL_MS: '200',
    // A short outbox lease (SMTP timeouts: 2.25 s to connect, 3 s of silence), so the slow-SMTP case outlives it in seconds.
    OUTBOX_LEASE_MS: '9000',
    RECAPTCHA_SECRET_KEY: '',
    RECAPTCHA_V2_SECRET_KEY: '',
    ENABLE_DEV_TOOLS: '',
    TEST_DATABASE_URL: '',
  } as NodeJS.ProcessEnv;
  // Self-signed certificate for 127.0.0.1.
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(tmp, 'key.pem'), '-out', path.join(tmp, 'cert.pem')], { stdio: 'ignore' });
  const server = (port: number, upstream: string) => `
    server {
      listen 127.0.0.1:${port} ssl;
      ssl_certificate ${tmp}/cert.pem;
      ssl_certificate_key ${tmp}/key.pem;
      set $tilmen_root ${ROOT};
      set $tilmen_upstream ${upstream};
      include ${ROOT}/deploy/nginx/tilmen-proxy.conf;
    }`;
  const conf = `
    ${fs.existsSync(BROTLI_MODULE) ? `load_module ${BROTLI_MODULE};` : ''}
    ${process.getuid?.() === 0 ? 'user root;' : ''}
    worker_processes 1;
    pid ${tmp}/nginx.pid;
    error_log ${tmp}/error.log warn;
    events { worker_connections 1024; }
    http {
      include /etc/nginx/mime.types;
      default_type application/octet-stream;
      log_format cluster '$remote_addr $upstream_addr $status "$request"';
      access_log ${tmp}/access.log cluster;
      client_body_temp_path ${tmp}/body; proxy_temp_path ${tmp}/proxy;
      fastcgi_temp_path ${tmp}/fastcgi; uwsgi_temp_path ${tmp}/uwsgi; scgi_temp_path ${tmp}/scgi;
      limit_conn_zone $binary_remote_addr zone=tilmen_room_streams:1m;
      include ${DIST}/nginx/pages.conf;
      upstream tilmen { server 127.0.0.1:${ports.appA}; server 127.0.0.1:${ports.appB}; keepalive 8; keepalive_timeout 4s; }
      upstream tilmen_a { server 127.0.0.1:${ports.appA}; keepalive 4; keepalive_timeout 4s; }
      upstream tilmen_b { server 127.0.0.1:${ports.appB}; keepalive 4; keepalive_timeout 4s; }
      ${server(ports.site, 'tilmen')}
      ${server(ports.a, 'tilmen_a')}
      ${server(ports.b, 'tilmen_b')}
    }`;
  fs.writeFileSync(path.join(tmp, 'nginx.conf'), conf);
  execFileSync(NGINX, ['-t', '-q', '-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', path.join(tmp, 'nginx.conf')], { stdio: 'pipe' });
  run('nginx', NGINX, ['-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', path.join(tmp, 'nginx.conf'), '-g', 'daemon off;']);
  // nginx holds its three ports before the instances start what they pick ports for (fakes, Janus).
  // Asked for / alone, which nginx sends from its file: a probe that reached for an instance not up
  // yet would mark it failed in the upstream for fail_timeout, and the first tests would get 502s.
  for (const port of [ports.site, ports.a, ports.b]) await waitFor(`nginx on :${port}`, async () => (await request(port, 'GET', '/')).status === 200);

  // Instance A leaves the prerendered pages to Next (the reference every file answer is compared
  // with); instance B sends them from the build's files itself, as a server without nginx does.
  run('app A', process.execPath, ['server.mjs'], { ...env, PORT: String(ports.appA), SERVE_PRERENDERED_FILES: 'false' });
  run('app B', process.execPath, ['server.mjs'], { ...env, PORT: String(ports.appB) });

  // Both instances up, each through its pinned port.
  // (A query string: / alone is sent by nginx from its file, instance or not.)
  for (const port of [ports.a, ports.b]) await waitFor(`the instance behind :${port}`, async () => (await request(port, 'GET', '/?up')).status === 200);
});

afterAll(async () => {
  for (const child of procs.reverse()) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  await smtp?.close();
  await sms?.close();
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('two instances behind nginx on one PostgreSQL', () => {
  it('serves pages with the app’s own security headers, and hashed assets precompressed with a year of caching', async () => {
    const page = await request(ports.site, 'GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(page.headers['server']).toBe('nginx'); // server_tokens off: no version
    const chunk = /\/_next\/static\/[^"'\s]+\.js/.exec(page.headers['content-encoding'] === 'gzip' ? (await import('node:zlib')).gunzipSync(page.raw).toString('utf8') : page.body)?.[0];
    expect(chunk, 'a script of the home page').toBeTruthy();
    const asset = path.join(DIST, 'static', chunk!.slice('/_next/static/'.length));
    for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const res = await request(ports.site, 'GET', chunk!, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Under nosniff a browser runs a script only with a script's type (once they went out as octet-stream).
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.raw.equals(fs.readFileSync(asset + ext)), `${chunk} is the precompressed file`).toBe(true);
    }
    const css = /\/_next\/static\/[^"'\s]+\.css/.exec(page.headers['content-encoding'] === 'gzip' ? (await import('node:zlib')).gunzipSync(page.raw).toString('utf8') : page.body)?.[0];
    if (css) expect((await request(ports.site, 'GET', css)).headers['content-type']).toMatch(/^text\/css/);
    const missing = await request(ports.site, 'GET', '/_next/static/chunks/not-there-0123.js');
    expect(missing.status).toBe(404);
    // Assets never reach the instances.
    expect(accessLog().filter((l) => l.request.includes('/_next/static/')).every((l) => l.upstream === '-')).toBe(true);
  });

  it('sends every prerendered page from its file with the app’s own answer: status, headers and bytes, in every encoding (all sitemap pages, three languages)', async () => {
    const pages = staticPages();
    const paths = pages.map((p) => p.path);
    // Every page of the sitemap that is not built from the database (the catalogue, tutors' pages) is among them.
    for (const locale of routing.locales)
      for (const p of [...MARKETING_PATHS, ...TEST_PATHS]) {
        const url = locale === routing.defaultLocale ? p : p === '/' ? `/${locale}` : `/${locale}${p}`;
        expect(paths, `${url} is sent from a file`).toContain(url);
      }
    const logBefore = accessLog().length;
    const encodings = ['identity', 'gzip', 'br', 'gzip, deflate, br, zstd'];
    for (const page of pages) {
      for (const encoding of encodings) {
        const headers = { 'accept-encoding': encoding, 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7' };
        const [viaNginx, app, fromNode] = await Promise.all([request(ports.site, 'GET', page.path, { headers }), direct(ports.appA, 'GET', page.path, headers), direct(ports.appB, 'GET', page.path, headers)]);
        const what = `${page.path} (Accept-Encoding: ${encoding})`;
        // Instance B's own file answer (server.mjs without nginx in front) is Next's answer too.
        expect(fromNode.status, `${what}, B`).toBe(200);
        expect(comparable(fromNode), `${what}, B`).toEqual(comparable(app));
        expect(fromNode.headers['content-security-policy'], `${what}, B`).toMatch(/'nonce-[^']+'/);
        expect(fromNode.headers['content-encoding'], `${what}, B`).toBe(encoding.includes('br') ? 'br' : app.headers['content-encoding']);
        expect(decoded(fromNode).equals(decoded(app)), `${what}, B: the same page once decoded`).toBe(true);
        expect(viaNginx.status, what).toBe(200);
        expect(app.status, what).toBe(200);
        expect(comparable(viaNginx), what).toEqual(comparable(app));
        expect(app.headers['content-security-policy'], what).toMatch(/'nonce-[^']+'/);
        expect(viaNginx.headers['content-security-policy'], what).toMatch(/'nonce-[0-9a-f]{32}'/);
        const appEncoding = app.headers['content-encoding'];
        // brotli from the file where the client takes it; else what the app sends (gzip or none).
        expect(viaNginx.headers['content-encoding'], what).toBe(encoding.includes('br') ? 'br' : appEncoding);
        if (!appEncoding) {
          expect(viaNginx.headers['content-encoding'] === 'br' || viaNginx.raw.equals(app.raw), `${what}: the same bytes`).toBe(true);
          if (viaNginx.headers['content-length'] && app.headers['content-length'] && !viaNginx.headers['content-encoding']) expect(viaNginx.headers['content-length']).toBe(app.headers['content-length']);
        }
        expect(decoded(viaNginx).equals(decoded(app)), `${what}: the same page once decoded`).toBe(true);
        expect(decoded(viaNginx).equals(fs.readFileSync(path.join(DIST, 'nginx', 'pages', page.file))), what).toBe(true);
      }
      const [headNginx, headApp, headNode] = await Promise.all([
        request(ports.site, 'HEAD', page.path, { headers: { 'accept-encoding': 'identity' } }),
        direct(ports.appA, 'HEAD', page.path, { 'accept-encoding': 'identity' }),
        direct(ports.appB, 'HEAD', page.path, { 'accept-encoding': 'identity' }),
      ]);
      expect(headNginx.status).toBe(headApp.status);
      expect(comparable(headNode), `HEAD ${page.path}, B`).toEqual(comparable(headApp));
      expect(headNode.headers['content-length'], `HEAD ${page.path}, B`).toBe(headApp.headers['content-length']);
      expect(comparable(headNginx), `HEAD ${page.path}`).toEqual(comparable(headApp));
      expect(headNginx.headers['content-length'], `HEAD ${page.path}`).toBe(headApp.headers['content-length']);
    }
    // None of them reached an instance.
    const served = await waitFor('the access log', async () => {
      const lines = accessLog().slice(logBefore);
      return lines.length >= pages.length * (encodings.length + 1) && lines;
    }, 5_000);
    expect(served.length).toBe(pages.length * (encodings.length + 1));
    expect(served.filter((l) => l.upstream !== '-')).toEqual([]);
  });

  it('still asks the app whenever the answer depends on the request: utm parameters, the locale cookie, Accept-Language, RSC, conditional and other methods', async () => {
    /** The answer through nginx, and who gave it ("-": nginx, from the file). */
    const upstreamOf = async (method: string, url: string, opts: Parameters<typeof request>[3] = {}) => {
      const before = accessLog().length;
      const answer = await request(ports.site, method, url, opts);
      // nginx writes the line as it finishes the answer: a moment after the client may have read it.
      const line = await waitFor(`the access log line of ${method} ${url}`, async () => accessLog().slice(before).find((l) => l.request === `${method} ${url} HTTP/1.1`), 5_000);
      return { answer, upstream: line.upstream };
    };
    // A campaign's link: the utm cookies are set (over https: Secure), exactly as before.
    const utm = await upstreamOf('GET', '/kk/student?utm_source=cluster&utm_medium=cpc');
    expect(utm.upstream).not.toBe('-');
    expect(utm.answer.status).toBe(200);
    expect(cookieOf(utm.answer, 'utm_source')).toMatch(/^utm_source=cluster;.*Secure/);
    expect(cookieOf(utm.answer, 'utm_medium')).toMatch(/^utm_medium=cpc;/);
    const utmApp = await direct(ports.appA, 'GET', '/kk/student?utm_source=cluster&utm_medium=cpc');
    expect(decoded(utm.answer).equals(decoded(utmApp))).toBe(true);
    // A remembered locale: / goes to it; another locale's page updates it.
    const home = await upstreamOf('GET', '/', { headers: { cookie: 'NEXT_LOCALE=kk' } });
    expect(home.upstream).not.toBe('-');
    expect(home.answer.status).toBe(307);
    expect(home.answer.headers['location']).toBe('/kk');
    const switched = await upstreamOf('GET', '/en/student', { headers: { cookie: 'NEXT_LOCALE=kk' } });
    expect(switched.upstream).not.toBe('-');
    expect(cookieOf(switched.answer, 'NEXT_LOCALE')).toMatch(/^NEXT_LOCALE=en;.*Secure/);
    // Accept-Language on the default locale's pages: settled on ru → the file; anything else → the app, which negotiates.
    for (const [language, staticFile] of [
      ['', true],
      ['ru', true],
      ['ru-KZ, kk;q=0.9', true],
      ['kk, ru', false],
      ['ru;q=0.5, kk', false],
      ['ru, kk;q=2', false],
      ['en-US,en;q=0.9', false],
    ] as const) {
      const headers = { 'accept-language': language, 'accept-encoding': 'identity' };
      const viaNginx = await upstreamOf('GET', '/student', { headers });
      const app = await direct(ports.appA, 'GET', '/student', headers);
      const fromNode = await direct(ports.appB, 'GET', '/student', headers);
      expect([fromNode.status, fromNode.headers['location']], `B, Accept-Language "${language}"`).toEqual([app.status, app.headers['location']]);
      expect(fromNode.raw.equals(app.raw), `B, Accept-Language "${language}"`).toBe(true);
      expect(viaNginx.upstream === '-', `Accept-Language "${language}"`).toBe(staticFile);
      expect(viaNginx.answer.status, `Accept-Language "${language}"`).toBe(app.status);
      expect(viaNginx.answer.headers['location'], `Accept-Language "${language}"`).toBe(app.headers['location']);
      expect(viaNginx.answer.raw.equals(app.raw), `Accept-Language "${language}"`).toBe(true);
    }
    // The client router's RSC payload, a revalidation, a POST, a trailing slash, the /ru prefix: the app.
    const rsc = await upstreamOf('GET', '/kk/student', { headers: { rsc: '1' } });
    expect(rsc.upstream).not.toBe('-');
    const rscApp = await direct(ports.appA, 'GET', '/kk/student', { rsc: '1' });
    expect([rsc.answer.status, rsc.answer.headers['location'], rsc.answer.headers['content-type']]).toEqual([rscApp.status, rscApp.headers['location'], rscApp.headers['content-type']]);
    const etag = String((await request(ports.site, 'GET', '/kk/student')).headers['etag']);
    const revalidated = await upstreamOf('GET', '/kk/student', { headers: { 'if-none-match': etag } });
    expect(revalidated.upstream).not.toBe('-');
    expect(revalidated.answer.status).toBe(304);
    for (const [method, url] of [['POST', '/kk/student'], ['GET', '/kk/student/'], ['GET', '/ru/student'], ['GET', '/kk/student?']] as const) {
      const res = await upstreamOf(method, url);
      expect(res.upstream, `${method} ${url}`).not.toBe('-');
    }
  });

  it('holds the per-address lead limit across both instances, whatever X-Forwarded-For the client sends', async () => {
    const tries = LEAD_LIMITS.perIp.max + 2;
    const from = '127.0.1.1';
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        request(ports.site, 'POST', '/api/leads', { from, json: lead(phone(100, i)), headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` } }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(LEAD_LIMITS.perIp.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Both instances took part: the counter lives in the database, not in either process.
    const served = await waitFor('every lead of the burst in the access log', async () => {
      const lines = accessLog().filter((l) => l.client === from && l.request.startsWith('POST /api/leads'));
      return lines.length >= answers.length && lines;
    }, 5000);
    expect(new Set(served.map((l) => l.upstream)).size).toBe(2);
    expect(new Set(served.filter((l) => l.status === 201).map((l) => l.upstream)).size).toBe(2);
    // Another client is not affected.
    expect((await request(ports.site, 'POST', '/api/leads', { from: '127.0.1.2', json: lead(phone(101, 1)) })).status).toBe(201);
  });

  it('sends every outbox message of a burst of leads and SMS codes exactly once', async () => {
    const leadClients = ['127.0.2.1', '127.0.2.2', '127.0.2.3'];
    const smsClients = ['127.0.3.1', '127.0.3.2'];
    const leadPhones = leadClients.flatMap((_, c) => Array.from({ length: LEAD_LIMITS.perIp.max }, (_, i) => phone(200 + c, i)));
    const smsPhones = smsClients.flatMap((_, c) => Array.from({ length: 10 }, (_, i) => phone(300 + c * 10 + i, 1)));
    const answers = await Promise.all([
      ...leadPhones.map((p, i) => request(ports.site, 'POST', '/api/leads', { from: leadClients[Math.floor(i / LEAD_LIMITS.perIp.max)], json: lead(p) })),
      ...smsPhones.map((p, i) => request(ports.site, 'POST', '/api/sms/send', { from: smsClients[Math.floor(i / 10)], json: { phone: p, purpose: 'register' } })),
    ]);
    expect(answers.slice(0, leadPhones.length).map((r) => r.status)).toEqual(leadPhones.map(() => 201));
    expect(answers.slice(leadPhones.length).map((r) => r.status)).toEqual(smsPhones.map(() => 202));

    // Everything queued so far (this burst and the test before) is sent: nothing left pending.
    const db = new pg.Pool({ connectionString: dbUrl, max: 1 });
    try {
      const rows = await waitFor('the outbox to drain', async () => {
        const { rows } = await db.query<{ channel: string; status: string; recipient: string; n: string }>(
          `select channel, status, recipient, count(*) as n from outbox group by 1, 2, 3`,
        );
        return rows.every((r) => r.status === 'sent') && rows.length > 0 && rows;
      });
      const queued = (channel: string) => rows.filter((r) => r.channel === channel).reduce((n, r) => n + Number(r.n), 0);
      const smsQueued = queued('sms');
      const mailQueued = queued('email');
      expect(smsQueued).toBe(smsPhones.length);
      // Every lead stored (this test's and the one before) queued its staff e-mail.
      const { rows: leadCount } = await db.query<{ n: string }>(`select count(*) as n from leads`);
      expect(mailQueued).toBe(Number(leadCount[0]!.n));
      expect(mailQueued).toBeGreaterThanOrEqual(leadPhones.length);
      // Give a duplicate the time to show up, then count what left: once each.
      await new Promise((r) => setTimeout(r, 1500));
      expect(sms.messages).toHaveLength(smsQueued);
      expect(new Set(sms.messages.map((m) => m.to)).size).toBe(smsPhones.length);
      expect(smtp.mails).toHaveLength(mailQueued);
      const mailsByRecipient = new Map<string, number>();
      for (const m of smtp.mails) for (const to of m.to) mailsByRecipient.set(to, (mailsByRecipient.get(to) ?? 0) + 1);
      for (const r of rows.filter((x) => x.channel === 'email')) expect(mailsByRecipient.get(r.recipient)).toBe(Number(r.n));
      // The burst went through both instances.
      const burst = accessLog().filter((l) => l.client.startsWith('127.0.2.') || l.client.startsWith('127.0.3.'));
      expect(new Set(burst.map((l) => l.upstream)).size).toBe(2);
    } finally {
      await db.end();
    }
  });

  it('revokes on instance B a refresh-token family rotated on instance A when the old token is replayed', async () => {
    const from = '127.0.4.1';
    const login = await request(ports.a, 'POST', '/api/auth/login', { from, json: { login: USER_PHONE, password: PASSWORD } });
    expect(login.status).toBe(200);
    const first = cookieOf(login, 'tilmen_rt')!;
    // https through the proxy: the app saw X-Forwarded-Proto and marked the cookie Secure.
    expect(first).toMatch(/; Secure/i);
    const token = (c: string) => c.split(';')[0]!;

    const rotated = await request(ports.a, 'POST', '/api/member/refresh', { from, headers: { cookie: token(first) } });
    expect(rotated.status).toBe(200);
    const second = cookieOf(rotated, 'tilmen_rt')!;
    expect(token(second)).not.toBe(token(first));

    // The stolen first token, replayed on the other instance: refused, and the family ends.
    const replay = await request(ports.b, 'POST', '/api/member/refresh', { from: '127.0.4.2', headers: { cookie: token(first) } });
    expect(replay.status).toBe(401);
    expect(cookieOf(replay, 'tilmen_rt')).toMatch(/^tilmen_rt=;/);
    // The legitimate holder's current token is dead on both instances.
    for (const port of [ports.a, ports.b]) expect((await request(port, 'POST', '/api/member/refresh', { from, headers: { cookie: token(second) } })).status).toBe(401);
    const log = await waitFor('the four refreshes in the access log', async () => {
      const lines = accessLog().filter((l) => l.request.startsWith('POST /api/member/refresh'));
      return lines.length >= 4 && lines;
    }, 5000);
    expect(log.map((l) => l.upstream)).toEqual([`127.0.0.1:${ports.appA}`, `127.0.0.1:${ports.appB}`, `127.0.0.1:${ports.appA}`, `127.0.0.1:${ports.appB}`]);
  });

  const login = async (port: number, phoneNumber: string) => {
    const res = await request(port, 'POST', '/api/auth/login', { from: '127.0.5.1', json: { login: phoneNumber, password: PASSWORD } });
    expect(res.status).toBe(200);
    return (JSON.parse(res.body) as { token: string }).token;
  };

  it('takes a tutor photo of a few MB through nginx, keeps it in the database and serves it from both instances', async () => {
    // Noise does not compress: a JPEG of about 4 MB (nginx used to refuse anything above 2 MB).
    const photo = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } } }).jpeg({ quality: 100 }).toBuffer();
    expect(photo.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(photo.length).toBeLessThan(10 * 1024 * 1024);
    const token = await login(ports.site, TUTOR_PHONE);
    const up = await request(ports.site, 'POST', '/api/cabinet/profile/photo', { from: '127.0.5.1', raw: photo, headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' } });
    expect(up.status, up.body.slice(0, 300)).toBe(200);
    const id = (JSON.parse(up.body) as { profile: { draft: { photo: string } } }).profile.draft.photo;
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const served = await Promise.all([ports.a, ports.b].map((port) => request(port, 'GET', `/api/media/tutors/${id}-page.webp`)));
    for (const res of served) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(served[0]!.raw.equals(served[1]!.raw)).toBe(true);
    expect(await sharp(served[0]!.raw).metadata()).toMatchObject({ format: 'webp', width: 640, height: 640 });
    // In the database, so in every backup: the table and pg_dump.
    const db = new pg.Pool({ connectionString: dbUrl, max: 1 });
    const { rows } = await db.query<{ name: string }>(`select name from media where name like $1 order by name`, [`tutors/${id}-%`]).finally(() => db.end());
    expect(rows.map((r) => r.name)).toEqual([`tutors/${id}-card.webp`, `tutors/${id}-page.webp`]);
    const pgDump = fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin/pg_dump`).find((f) => fs.existsSync(f));
    if (pgDump) {
      const dump = execFileSync(pgDump, ['--data-only', '--table=media', dbUrl], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
      expect(dump).toContain(`tutors/${id}-page.webp`);
    }
    // nginx's caps per route: a photo above 11 MB and a JSON body above 64 KB are refused before an instance sees them; a roster file of 4.5 MB passes.
    const before = accessLog().length;
    const huge = await request(ports.site, 'POST', '/api/cabinet/profile/photo', { raw: Buffer.alloc(12 * 1024 * 1024, 1), headers: { authorization: `Bearer ${token}` } }).catch(() => ({ status: 413 }) as Res);
    expect(huge.status).toBe(413);
    expect((await request(ports.site, 'POST', '/api/leads', { raw: Buffer.alloc(100 * 1024, 0x20), headers: { 'content-type': 'application/json' } })).status).toBe(413);
    expect(accessLog().slice(before).every((l) => l.status !== 413 || l.upstream === '-')).toBe(true);
    const roster = await request(ports.site, 'POST', '/api/company/roster/preview', { raw: Buffer.alloc(4.5 * 1024 * 1024, 0x20), headers: { 'content-type': 'multipart/form-data; boundary=xx' } });
    expect(roster.status).not.toBe(413);
    const line = await waitFor('the roster upload in the access log', async () => accessLog().find((l) => l.request.startsWith('POST /api/company/roster/preview')), 5000);
    expect(line.upstream).not.toBe('-');
  });

  it('takes a slot booked on instance A off instance B’s cached tutor page at once', async () => {
    const page = async (port: number) => {
      const res = await request(port, 'GET', `/tutors/${TUTOR_SLUG}`);
      expect(res.status).toBe(200);
      return [...res.body.matchAll(/\?slot=([^"&]+)/g)].map((m) => decodeURIComponent(m[1]!));
    };
    // B fills its cache (the catalogue data is cached for up to SLOTS_TTL, ten minutes).
    const before = await page(ports.b);
    expect(before.length).toBeGreaterThan(3);
    const slot = before[1]!;
    const token = await login(ports.a, USER_PHONE);
    const booked = await request(ports.a, 'POST', '/api/booking/book', {
      from: '127.0.5.2',
      json: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: 'cluster-booking-0001' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(booked.status, booked.body.slice(0, 300)).toBe(201);
    // B learns it through PostgreSQL NOTIFY and refreshes its own cache: within a second, not ten minutes.
    await waitFor('instance B to drop the booked slot', async () => !(await page(ports.b)).includes(slot), 5000);
    const after = await page(ports.b);
    expect(after).not.toContain(slot);
    expect(after).toContain(before[0]);
    expect(accessLog().filter((l) => l.request.startsWith(`GET /tutors/${TUTOR_SLUG}`)).every((l) => l.upstream === `127.0.0.1:${ports.appB}`)).toBe(true);
  });

  it('the lesson room: a message sent on instance A reaches the event stream open on instance B at once, through nginx', async () => {
    // The lesson booked above starts now (the room opens 10 minutes before the start).
    const db = new pg.Pool({ connectionString: dbUrl, max: 1 });
    const { rows } = await db
      .query<{ id: number }>(`update lessons set starts_at = now() - interval '1 minute', ends_at = now() + interval '29 minutes' where idempotency_key = 'cluster-booking-0001' returning id`)
      .finally(() => db.end());
    const lessonId = rows[0]!.id;
    const tutorToken = await login(ports.b, TUTOR_PHONE);
    const studentToken = await login(ports.a, USER_PHONE);
    // The tutor listens on B (Server-Sent Events, read as they come).
    let received = '';
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = https.request(
        { host: '127.0.0.1', port: ports.b, method: 'GET', path: `/api/lessons/${lessonId}/room/events`, rejectUnauthorized: false, agent: false, headers: { authorization: `Bearer ${tutorToken}`, 'accept-language': 'ru' } },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    try {
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      stream.on('data', (c: Buffer) => (received += c.toString('utf8')));
      await waitFor('the stream to be ready', async () => received.includes('event: ready'), 10_000);
      // The student writes on A.
      const sent = await request(ports.a, 'POST', `/api/lessons/${lessonId}/room/events`, { from: '127.0.5.3', json: { kind: 'chat', payload: { text: 'Сәлем, A-дан' } }, headers: { authorization: `Bearer ${studentToken}` } });
      expect(sent.status, sent.body.slice(0, 300)).toBe(201);
      const started = Date.now();
      await waitFor('B to deliver the message written on A', async () => received.includes('Сәлем, A-дан'), 10_000);
      expect(Date.now() - started).toBeLessThan(5000);
      // nginx writes its access-log line after the answer has left, so the line may trail the answer by a moment.
      const line = await waitFor('the message in the access log', async () => accessLog().find((l) => l.request.startsWith(`POST /api/lessons/${lessonId}/room/events`)), 5000);
      expect(line.upstream).toBe(`127.0.0.1:${ports.appA}`);
    } finally {
      stream.destroy();
    }
  });

  it('the lesson room in two browsers: the tutor on instance B, the student on instance A, the call connects both ways and the board syncs', async () => {
    const db = new pg.Pool({ connectionString: dbUrl, max: 1 });
    const { rows } = await db.query<{ id: number }>(`select id from lessons where idempotency_key = 'cluster-booking-0001'`).finally(() => db.end());
    const lessonId = rows[0]!.id;
    const R = en.Room;
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMediaArgs] });
      // Each side signs in on its own instance (the session cookie of that origin), then opens the room and joins.
      const open = async (port: number, phoneNumber: string): Promise<Page> => {
        const context = await browser!.newContext({ baseURL: `https://127.0.0.1:${port}`, ignoreHTTPSErrors: true, locale: 'en-US' });
        const signedIn = await context.request.post('/api/auth/login', { data: { login: phoneNumber, password: PASSWORD }, headers: { origin: `https://127.0.0.1:${port}` } });
        expect(signedIn.status(), await signedIn.text()).toBe(200);
        const page = await context.newPage();
        const seen: string[] = [];
        page.on('console', (m) => seen.push(`console ${m.type()}: ${m.text()}`));
        page.on('response', (r) => r.status() >= 400 && seen.push(`${r.status()} ${r.url()}`));
        page.on('requestfailed', (r) => seen.push(`failed ${r.url()} ${r.failure()?.errorText}`));
        await page.goto(`/en/lesson/${lessonId}`);
        const join = page.getByRole('button', { name: R.prejoin.join, exact: true });
        await join.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
          throw new Error(`no Join on ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 600)}\n${seen.join('\n')}`, { cause: e });
        });
        await waitFor('the pre-join check', async () => join.isEnabled(), 20_000);
        await join.click();
        await page.getByTestId('room').waitFor({ timeout: 20_000 });
        return page;
      };
      const tutor = await open(ports.b, TUTOR_PHONE);
      const student = await open(ports.a, USER_PHONE);
      const frames = async (page: Page) => Number(await page.getByTestId('quality').getAttribute('data-inbound-frames'));
      for (const page of [tutor, student]) await waitFor('frames from the other instance’s side', async () => (await frames(page)) > 10, 45_000);

      // A rectangle on the tutor's board (B) appears on the student's (A).
      await tutor.getByRole('tab', { name: R.tabs.board }).click();
      const board = tutor.getByTestId('board');
      await board.locator('canvas').first().waitFor({ timeout: 30_000 });
      const box = (await board.boundingBox())!;
      await board.click({ position: { x: box.width / 2, y: box.height / 2 } });
      await tutor.keyboard.press('r');
      await tutor.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 40);
      await tutor.mouse.down();
      await tutor.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 50, { steps: 8 });
      await tutor.mouse.up();
      await student.getByRole('tab', { name: R.tabs.board }).click();
      await waitFor('the stroke on the student’s board', async () => (await student.getByTestId('board').getAttribute('data-elements')) === '1', 20_000);

      const served = accessLog().filter((l) => l.request.includes(`/api/lessons/${lessonId}/room/events`));
      expect(served.some((l) => l.upstream === `127.0.0.1:${ports.appA}`)).toBe(true);
      expect(served.some((l) => l.upstream === `127.0.0.1:${ports.appB}`)).toBe(true);
    } finally {
      await browser?.close();
    }
  }, 150_000);

  it('sends every message exactly once through a slow SMTP server whose batch outlives the outbox lease', async () => {
    const db = new pg.Pool({ connectionString: dbUrl, max: 1 });
    try {
      await waitFor('the outbox to be idle', async () => (await db.query(`select 1 from outbox where status = 'pending'`)).rowCount === 0);
      const mailsBefore = smtp.mails.length;
      // Each answer to DATA takes 1.5 s (under the 3 s socket timeout); the first stalls 5 s (over it).
      smtp.state.delayMs = 1500;
      smtp.state.delays.push(5000);
      const droppedBefore = smtp.state.dropped;
      const recipients = Array.from({ length: 8 }, (_, i) => `slow-${i}@cluster.test`);
      await db.query(`insert into outbox (channel, recipient, subject, body) select 'email', r, 'Slow', 'x' from unnest($1::text[]) as r`, [recipients]);
      // The stalled message fails on its timeout (the server, answering late, keeps nothing) and waits for its retry.
      await waitFor('the stalled message to time out', async () => (await db.query(`select 1 from outbox where recipient like 'slow-%' and attempts = 1 and status = 'pending' and last_error ilike '%timeout%'`)).rowCount === 1, 30_000);
      await waitFor('the server to answer the stalled mail late and keep nothing', async () => smtp.state.dropped === droppedBefore + 1, 10_000);
      // The batch (about 3 + 7 × 1.5 s = 13.5 s) outlives the 9 s lease; bring the retry forward.
      await new Promise((r) => setTimeout(r, 6000));
      await db.query(`update outbox set next_attempt_at = now() where recipient like 'slow-%' and status = 'pending' and attempts > 0`);
      const rows = await waitFor('every slow message to be sent', async () => {
        const { rows } = await db.query<{ recipient: string; status: string; attempts: number }>(`select recipient, status, attempts from outbox where recipient like 'slow-%'`);
        return rows.length === recipients.length && rows.every((r) => r.status === 'sent') && rows;
      }, 60_000);
      await new Promise((r) => setTimeout(r, 2000));
      const got = smtp.mails.slice(mailsBefore).flatMap((m) => m.to).filter((to) => to.startsWith('slow-'));
      expect(got.sort()).toEqual([...recipients].sort());
      expect(rows.filter((r) => r.attempts === 2)).toHaveLength(1);
      expect(rows.filter((r) => r.attempts === 1)).toHaveLength(recipients.length - 1);
    } finally {
      smtp.state.delayMs = 0;
      await db.end();
    }
  });
});
