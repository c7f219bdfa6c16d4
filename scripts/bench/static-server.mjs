// Tiny static HTTP server used as the "upper bound" baseline in the throughput section.
//
// It serves ONE body (the exact HTML bytes of a page fetched from the app) for every GET/HEAD,
// with the given Content-Type, gzip-compressed (compressed once, up front) when the client's
// Accept-Encoding allows gzip, over HTTP/1.1 keep-alive.
//
//   node scripts/bench/static-server.mjs <body-file> <content-type> [port]
//
// Port 0 (default) picks a free port. When started with an IPC channel (child_process.fork or
// spawn with 'ipc'), it reports {port} through process.send and exits when the parent goes away;
// otherwise it prints "listening on http://127.0.0.1:PORT/".
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';

const [file, contentType = 'text/html; charset=utf-8', portArg = '0'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/static-server.mjs <body-file> <content-type> [port]');
  process.exit(2);
}

const body = fs.readFileSync(file);
const gzBody = zlib.gzipSync(body); // zlib default level 6, as compression() in `next start`

/** true when Accept-Encoding lists gzip (or *) without q=0 */
function acceptsGzip(header) {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' });
    res.end();
    return;
  }
  const gzip = acceptsGzip(req.headers['accept-encoding']);
  const payload = gzip ? gzBody : body;
  const headers = {
    'content-type': contentType,
    'content-length': payload.length,
    vary: 'Accept-Encoding',
  };
  if (gzip) headers['content-encoding'] = 'gzip';
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(Number(portArg), '127.0.0.1', () => {
  const { port } = server.address();
  if (process.send) process.send({ port });
  else console.log(`listening on http://127.0.0.1:${port}/ (${body.length} B, gzip ${gzBody.length} B)`);
});

if (process.send) process.on('disconnect', () => process.exit(0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
