// npm run seed:portal -- --session file [--force]
// For `npm run bench` (section "portal"): a company with an HR person whose password is set and a
// live session, written to the file as { cookie, companyId }. The roster itself is imported by the
// benchmark through the portal's own call (that is what it measures). Refuses NODE_ENV=production
// without --force and an embedded database a running server holds. Run with tsx under react-server.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/auth/password';
import { openCompanySession } from '@/lib/company-portal/sessions';
import { openDb } from '@/lib/db/open';
import { companies, companyUsers } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { readInstanceMark } from '@/lib/server/instance-mark';

const { values } = parseArgs({ options: { session: { type: 'string' }, force: { type: 'boolean', default: false } } });

function refuse(message: string): never {
  console.error(`seed:portal: ${message}`);
  process.exit(2);
}

async function main() {
  const e = env();
  if (!values.session) refuse('Usage: npm run seed:portal -- --session file [--force]');
  if (e.NODE_ENV === 'production' && !values.force) refuse('NODE_ENV=production: this writes a made-up company. Add --force if you really mean it.');
  const dataDir = e.DATABASE_URL ? undefined : path.resolve(e.DATA_DIR);
  const running = dataDir ? readInstanceMark(dataDir) : null;
  if (running) refuse(`a server (pid ${running.pid}) has the embedded database ${dataDir} open. Stop it first.`);
  const opened = await openDb({ url: e.DATABASE_URL, dataDir });
  try {
    const db = opened.db;
    const slug = `bench-portal-${Date.now().toString(36)}`;
    const [company] = await db.insert(companies).values({ slug, name: 'ТОО «Бенч»' }).returning({ id: companies.id });
    const email = `hr-${slug}@bench.tilmen.kz`;
    const [user] = await db
      .insert(companyUsers)
      .values({ companyId: company!.id, email, phone: '+77010000000', name: 'Bench HR', passwordHash: await hashPassword('Bench-Passw0rd'), passwordSetAt: new Date() })
      .returning({ id: companyUsers.id });
    const token = await openCompanySession(db, user!.id, 'bench');
    writeFileSync(path.resolve(values.session), JSON.stringify({ cookie: `tilmen_company=${token}`, companyId: company!.id }), { mode: 0o600 });
    const [check] = await db.select({ id: companyUsers.id }).from(companyUsers).where(eq(companyUsers.id, user!.id));
    console.log(`seed:portal: company ${company!.id}, HR user ${check!.id}, session written to ${values.session}`);
  } finally {
    await opened.close();
  }
}

main().catch((err: unknown) => {
  console.error(`seed:portal failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
