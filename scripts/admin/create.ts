// npm run admin:create -- --email boss@school.kz [--name "Айгерим Садыкова"] [--locale ru|kk|en]
// Makes the first admin (or a new link for an address not yet enrolled) and prints the single-use
// link that sets the password and enrols TOTP. Run with tsx under the react-server condition.
// With the embedded database, a running server holds the data folder (its lock, <DATA_DIR>.lock): the
// admin is then made by the server (a signed loopback call, /api/internal/staff-bootstrap). A server
// still opening the database (just started) is waited for, up to 3 minutes; with no server, the
// command opens the folder itself, under the same lock, so a server started meanwhile waits for it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appSecret, env } from '@/lib/env';
import { isDataDirLocked } from '@/lib/db/data-dir-lock.mjs';
import { openDb } from '@/lib/db/open';
import { demoTutorsOnOpen } from '@/lib/server/demo-tutors';
import { readInstanceMark } from '@/lib/server/instance-mark';
import { bootstrapAdmin, bootstrapSignature } from '@/lib/staff/bootstrap';
import { emailField } from '@/lib/validations/auth';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, locale: { type: 'string', default: 'ru' } } });
const email = emailField.safeParse(values.email ?? '');
if (!email.success) {
  console.error('Usage: npm run admin:create -- --email you@school.kz [--name "Full Name"] [--locale ru|kk|en]');
  process.exit(2);
}
const locale = values.locale === 'kk' || values.locale === 'en' ? values.locale : 'ru';
const input = { email: email.data, name: values.name?.trim() || email.data.split('@')[0]!, locale };

const WAIT_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function viaServer(port: number, deadline: number) {
  const body = JSON.stringify(input);
  let res: Response;
  for (;;) {
    // Signed afresh for each try: a signature is good for a minute and once.
    const time = String(Date.now());
    try {
      res = await fetch(`http://127.0.0.1:${port}/api/internal/staff-bootstrap`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-bootstrap-time': time, 'x-bootstrap-signature': bootstrapSignature(appSecret(), time, body) },
        body,
      });
      break;
    } catch (err) {
      // The mark is written once the database is open, a moment before the server listens.
      if (Date.now() > deadline) throw err;
      await sleep(250);
    }
  }
  const out = (await res.json()) as { link?: string; error?: { message: string } };
  if (!res.ok || !out.link) throw new Error(out.error?.message ?? `HTTP ${res.status}`);
  return out.link;
}

async function direct(url: string | undefined, dataDir: string | undefined) {
  // On a folder, openDb takes its lock first: it throws DataDirLockedError when a server holds it, and
  // waits (up to a minute) while another command does.
  const opened = await openDb({ url, dataDir, lock: { waitMs: 60_000, onWait: (h) => console.log(`Waiting for ${h.command} (pid ${h.pid}) to finish with ${dataDir}…`) } });
  await demoTutorsOnOpen(opened, dataDir);
  try {
    return (await bootstrapAdmin(opened.db, input)).link;
  } finally {
    await opened.close();
  }
}

async function create(): Promise<{ link: string; port?: number }> {
  const e = env();
  if (e.DATABASE_URL) return { link: await direct(e.DATABASE_URL, undefined) };
  const dataDir = path.resolve(e.DATA_DIR);
  const deadline = Date.now() + WAIT_MS;
  let told = false;
  for (;;) {
    const running = readInstanceMark(dataDir);
    if (running) return { link: await viaServer(running.port, deadline), port: running.port };
    try {
      return { link: await direct(undefined, dataDir) };
    } catch (err) {
      // A server holds the folder but has not written its mark yet: it is opening the database.
      if (!isDataDirLocked(err) || err.holder?.port == null || err.state !== 'alive' || Date.now() > deadline) throw err;
      if (!told) console.log(`The server on port ${err.holder.port} (pid ${err.holder.pid}) is opening the database; waiting for it…`);
      told = true;
      await sleep(250);
    }
  }
}

async function main() {
  const { link, port } = await create();
  console.log(`Admin ${input.email}${port ? ` (made by the server on port ${port})` : ''}: open this link within 72 hours to set the password and the authenticator app (single use):`);
  console.log(link);
}

main().catch((err: unknown) => {
  console.error(`admin:create failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
