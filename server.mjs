// Production server: Next's own handler behind one rule. X-Forwarded-For is believed only when a
// reverse proxy that overwrites it stands in front (TRUST_PROXY=true); otherwise the header a
// client sent is dropped, so Next fills it with the real socket address and per-IP limits hold.
import http from 'node:http';
import next from 'next';

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
const trustProxy = /^(1|true)$/i.test(process.env.TRUST_PROXY || '');

const app = next({ dev: false, port, hostname, dir: import.meta.dirname, conf: undefined });
const handle = app.getRequestHandler();
await app.prepare();

http
  .createServer((req, res) => {
    if (!trustProxy) {
      delete req.headers['x-forwarded-for'];
      delete req.headers['x-real-ip'];
      delete req.headers['forwarded'];
    }
    void handle(req, res);
  })
  .listen(port, hostname, () => console.log(`▲ Tilmen ready on http://${hostname ?? 'localhost'}:${port}`));
