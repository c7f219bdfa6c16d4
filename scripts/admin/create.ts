// npm run admin:create -- --email boss@school.kz [--name "Айгерим Садыкова"] [--locale ru|kk|en]
// Makes the first admin (or a new link for an address not yet enrolled) and prints the single-use
// link that sets the password and enrols TOTP. Run with tsx under the react-server condition.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appSecret, env } from '@/lib/env';
import { openDb } from '@/lib/db/open';
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

async function viaServer(port: number) {
  const body = JSON.stringify(input);
  const time = String(Date.now());
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/staff-bootstrap`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-bootstrap-time': time, 'x-bootstrap-signature': bootstrapSignature(appSecret(), time, body) },
    body,
  });
  const out = (await res.json()) as { link?: string; error?: { message: string } };
  if (!res.ok || !out.link) throw new Error(out.error?.message ?? `HTTP ${res.status}`);
  return out.link;
}

async function direct() {
  const e = env();
  const opened = await openDb({ url: e.DATABASE_URL, dataDir: e.DATABASE_URL ? undefined : path.resolve(e.DATA_DIR) });
  try {
    return (await bootstrapAdmin(opened.db, input)).link;
  } finally {
    await opened.close();
  }
}

async function main() {
  const e = env();
  const running = e.DATABASE_URL ? null : readInstanceMark(path.resolve(e.DATA_DIR));
  const link = running ? await viaServer(running.port) : await direct();
  console.log(`Admin ${input.email}: open this link within 72 hours to set the password and the authenticator app (single use):`);
  console.log(link);
}

main().catch((err: unknown) => {
  console.error(`admin:create failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
