// Section "proxy": `/` through nginx with the production proxy snippet (deploy/nginx/tilmen-proxy.conf,
// TLS with a self-signed certificate), in one run: sent by nginx from the build's file (issue 32,
// .next/nginx by scripts/static-pages.mjs), through nginx to the app (a query string sends it there),
// from the app alone, and the bare page (scripts/bench/static-server.mjs: the same HTML bytes from a
// tiny Node server, the throughput section's baseline); each ratio; one hashed script served by nginx
// from disk (precompressed); and the HTML bytes of every landing page (raw, gzip, brotli).
// nginx runs in front of the one server bench.sh started; it is started and stopped here (needs
// /usr/sbin/nginx: scripts/lib.sh ensure_nginx, or apt-get install nginx-light
// libnginx-mod-http-brotli-static). BENCH_ONLY=proxy runs this section alone.
//
// Env knobs: BENCH_CONNECTIONS=50 BENCH_DURATION=10 BENCH_WARMUP=2 (as the throughput section).
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../../lib/server/free-port.mjs';

import autocannon from 'autocannon';

import { LiveTable, errText, fmt, httpGet, withTimeout } from './lib.mjs';

const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function load(url, { connections, duration, headers }) {
  // The certificate is self-signed: autocannon passes tls options to its connections.
  return autocannon({ url, connections, duration, headers, timeout: 10, tlsOptions: { rejectUnauthorized: false } });
}

// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'proxy',
  title: 'Throughput of /: nginx from the file, through nginx to the app, the app alone, the bare page',

  async run(ctx) {
    const { baseUrl, root, log } = ctx;
    if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx-light libnginx-mod-http-brotli-static`);
    const connections = Number(process.env.BENCH_CONNECTIONS) || 50;
    const duration = Number(process.env.BENCH_DURATION) || 10;
    const warmup = Number(process.env.BENCH_WARMUP ?? 2);
    const headers = { 'accept-encoding': 'gzip' };
    const app = new URL(baseUrl);
    const dist = path.join(root, process.env.NEXT_DIST_DIR || '.next');
    execFileSync(process.execPath, [path.join(root, 'scripts/precompress.mjs'), path.join(dist, 'static')], { stdio: 'ignore' });
    // The pages' files of this very build (else nginx would hand every page to the app).
    const pagesOf = () => {
      try {
        return JSON.parse(fs.readFileSync(path.join(dist, 'nginx', 'pages.json'), 'utf8')).buildId;
      } catch {
        return null;
      }
    };
    if (pagesOf() !== fs.readFileSync(path.join(dist, 'BUILD_ID'), 'utf8').trim()) execFileSync(process.execPath, [path.join(root, 'scripts/static-pages.mjs'), dist], { stdio: 'ignore' });
    const landings = landingSizes(root, dist);
    for (const l of landings) log(`HTML of ${l.path.padEnd(20)} ${String(l.raw).padStart(7)} B raw, ${String(l.gzip).padStart(6)} B gzip, ${String(l.br).padStart(6)} B brotli`);

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
    const port = await freePort();
    const plainPort = await freePort();
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', `${tmp}/key.pem`, '-out', `${tmp}/cert.pem`], { stdio: 'ignore' });
    fs.writeFileSync(
      `${tmp}/nginx.conf`,
      `${fs.existsSync(BROTLI_MODULE) ? `load_module ${BROTLI_MODULE};` : ''}
      ${process.getuid?.() === 0 ? 'user root;' : ''}
      worker_processes 1;
      pid ${tmp}/nginx.pid;
      error_log ${tmp}/error.log warn;
      events { worker_connections 4096; }
      http {
        include /etc/nginx/mime.types;
        access_log off;
        client_body_temp_path ${tmp}/body; proxy_temp_path ${tmp}/proxy;
        fastcgi_temp_path ${tmp}/fastcgi; uwsgi_temp_path ${tmp}/uwsgi; scgi_temp_path ${tmp}/scgi;
        limit_conn_zone $binary_remote_addr zone=tilmen_room_streams:1m;
        include ${dist}/nginx/pages.conf;
        upstream tilmen { server ${app.hostname}:${app.port}; keepalive 64; }
        server {
          listen 127.0.0.1:${port} ssl;
          listen 127.0.0.1:${plainPort};
          ssl_certificate ${tmp}/cert.pem;
          ssl_certificate_key ${tmp}/key.pem;
          set $tilmen_root ${root};
          set $tilmen_upstream tilmen;
          include ${root}/deploy/nginx/tilmen-proxy.conf;
        }
      }`,
    );
    const nginx = spawn(NGINX, ['-p', tmp, '-e', `${tmp}/error.log`, '-c', `${tmp}/nginx.conf`, '-g', 'daemon off;'], { stdio: 'ignore', detached: true });
    // The bare page: the same HTML bytes of / from a tiny Node server (gzip made up front).
    const home0 = await httpGet(`${baseUrl}/`);
    fs.writeFileSync(`${tmp}/home.html`, home0.body);
    const bare = fork(path.join(path.dirname(new URL(import.meta.url).pathname), 'static-server.mjs'), [`${tmp}/home.html`, home0.headers['content-type'] || 'text/html; charset=utf-8', '0'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const barePort = withTimeout(new Promise((resolve) => bare.once('message', (m) => resolve(m.port))), 10_000, 'bare page server start');
    const stop = () => {
      try {
        process.kill(-nginx.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      bare.kill('SIGTERM');
      fs.rmSync(tmp, { recursive: true, force: true });
    };
    process.on('exit', stop);

    const table = new LiveTable(
      [
        { key: 'target', label: 'target', align: 'left', width: 40 },
        { key: 'rps', label: 'req/s', width: 8 },
        { key: 'p50', label: 'p50 ms', width: 7 },
        { key: 'p99', label: 'p99 ms', width: 7 },
        { key: 'errors', label: 'errors', width: 6 },
        { key: 'non2xx', label: 'non-2xx', width: 7 },
        { key: 'total', label: 'requests', width: 8 },
      ],
      log,
    );
    const results = {};
    try {
      const proxied = `https://127.0.0.1:${port}`;
      let up = false;
      for (let i = 0; i < 50 && !up; i++) {
        up = await new Promise((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
          s.on('error', () => resolve(false));
        });
        if (!up) await new Promise((r) => setTimeout(r, 100));
      }
      if (!up) throw new Error(`nginx did not start: ${fs.existsSync(`${tmp}/error.log`) ? fs.readFileSync(`${tmp}/error.log`, 'utf8').slice(-500) : ''}`);
      const home = await httpGet(`${baseUrl}/`);
      const script = /\/_next\/static\/[^"'\s]+\.js/.exec(home.body.toString('utf8'))?.[0];
      const targets = [
        { id: 'static', label: 'nginx from the file, https /', url: `${proxied}/` },
        { id: 'staticHttp', label: 'nginx from the file, http /', url: `http://127.0.0.1:${plainPort}/` },
        { id: 'app', label: 'app alone (Node), http /', url: `${baseUrl}/` },
        { id: 'bare', label: 'bare page (static Node server), http /', url: `http://127.0.0.1:${await barePort}/` },
        { id: 'proxy', label: 'nginx → app, https /?via=app', url: `${proxied}/?via=app` },
        ...(script ? [{ id: 'asset', label: `nginx from disk, https ${path.basename(script)} (br)`, url: `${proxied}${script}`, headers: { 'accept-encoding': 'br' } }] : []),
      ];
      for (const t of targets) {
        const row = { target: t.label };
        try {
          if (warmup > 0) await load(t.url, { connections, duration: warmup, headers: t.headers ?? headers });
          const r = await load(t.url, { connections, duration, headers: t.headers ?? headers });
          results[t.id] = r;
          Object.assign(row, {
            rps: fmt.int(r.requests.average),
            p50: fmt.dec(r.latency.p50, 1),
            p99: fmt.dec(r.latency.p99, 1),
            errors: `${r.errors}${r.timeouts ? ` (${r.timeouts} timeouts)` : ''}`,
            non2xx: String(r.non2xx),
            total: String(r.requests.total),
          });
        } catch (err) {
          row.rps = `ERROR ${errText(err)}`;
        }
        table.add(row);
      }
    } finally {
      stop();
      process.off('exit', stop);
    }
    const rps = (id) => results[id]?.requests.average;
    const ratio = (a, b) => (rps(a) && rps(b) ? (rps(a) / rps(b)).toFixed(3) : '–');
    const ratioLine =
      `/ req/s: nginx file (https) ${fmt.int(rps('static') ?? 0)}, app alone ${fmt.int(rps('app') ?? 0)}, bare page ${fmt.int(rps('bare') ?? 0)}; ` +
      `nginx file/app ${ratio('static', 'app')}, nginx file (http)/app ${ratio('staticHttp', 'app')}, app/bare ${ratio('app', 'bare')}, ` +
      `nginx file/bare ${ratio('static', 'bare')}, nginx→app/app ${ratio('proxy', 'app')}`;
    log(ratioLine);
    const setup =
      `${connections} connections, ${duration} s after ${warmup} s warm-up, Accept-Encoding gzip (the asset: br); ` +
      `one app instance, nginx with 1 worker, TLS 1.3 with keep-alive. Load generator, nginx and the app share ${os.cpus().length} cores.`;
    const sizes = ['| landing | HTML raw | gzip | brotli |', '|---|---:|---:|---:|', ...landings.map((l) => `| ${l.path} | ${l.raw} | ${l.gzip} | ${l.br} |`)];
    return { markdown: [table.markdown(), '', `**${ratioLine}**`, '', setup, '', ...sizes].join('\n') };
  },
};

/** The HTML of every landing (lib/site-map.ts MARKETING_PATHS in each locale), as the build has it. */
function landingSizes(root, dist) {
  const source = fs.readFileSync(path.join(root, 'lib/site-map.ts'), 'utf8');
  const marketing = [...(/MARKETING_PATHS = \[([^\]]*)\]/.exec(source)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
  const out = [];
  for (const locale of ['ru', 'kk', 'en'])
    for (const p of marketing) {
      const file = path.join(dist, 'server', 'app', p === '/' ? `${locale}.html` : `${locale}${p}.html`);
      if (!fs.existsSync(file)) continue;
      const html = fs.readFileSync(file);
      const url = locale === 'ru' ? p : p === '/' ? `/${locale}` : `/${locale}${p}`;
      out.push({ path: url, raw: html.length, gzip: zlib.gzipSync(html, { level: 6 }).length, br: zlib.brotliCompressSync(html).length });
    }
  return out;
}
