// A stand-in for `npm start` (server.mjs) that needs no `next build`, for lib/server/two-openers.test.ts.
// It starts the way server.mjs does: instrumentation.ts's `register` (the data folder's lock, the
// database, <DATA_DIR>.server.json, the background work) through the same openBeforeListening
// (lib/server/start.mjs), then listens through lib/server/http-server.mjs. Instead of Next's
// router it answers the routes commands use, with their real handlers (admin:create's
// /api/internal/staff-bootstrap, db:backup's /api/internal/backup), and GET /health with a count
// read from the database.
//   PORT=4100 DATA_DIR=… APP_SECRET=… node --conditions=react-server --import tsx test/embedded-server.ts
import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import { register } from '../instrumentation';
import { rowsOf } from '../lib/db/rows';
import { createAppServer, serverOptionsFromEnv } from '../lib/server/http-server.mjs';
import { openBeforeListening } from '../lib/server/start.mjs';

process.env.NEXT_RUNTIME = 'nodejs';
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '127.0.0.1';

async function main() {
  await openBeforeListening(register);

  const { POST: staffBootstrap } = await import('../app/api/internal/staff-bootstrap/route');
  const { POST: backup } = await import('../app/api/internal/backup/route');
  const { getDb } = await import('../lib/db/client');
  const routes: Record<string, (req: NextRequest) => Promise<Response>> = {
    'POST /api/internal/staff-bootstrap': staffBootstrap,
    'POST /api/internal/backup': backup,
    'GET /health': async () => {
      const db = await getDb();
      const [row] = rowsOf<{ staff: number }>(await db.execute(sql`select count(*)::int as staff from staff`));
      return Response.json({ ok: true, staff: row?.staff });
    },
  };

  createAppServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handler = routes[`${req.method} ${path}`];
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    // As Next does: the caller's address from the socket (server.mjs dropped a client-sent one).
    headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
    const answer = await handler(new NextRequest(`http://${hostname}:${port}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  }, serverOptionsFromEnv(process.env)).listen(port, hostname, () => console.log(`▲ Tilmen ready on http://${hostname}:${port}`));
}

void main();
