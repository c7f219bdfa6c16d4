// npm run seed:leads -- --count 100000 [--users 5000] [--seed 42] [--force] [--staff-session file]
// Fills the database (DATABASE_URL, else the embedded one in DATA_DIR) with made-up leads, and
// optionally student accounts, for trying the back office and for `npm run bench`. Multi-row
// inserts of 1000 (PGlite has no COPY). Refuses NODE_ENV=production without --force, and refuses to
// open an embedded database a running server holds. --staff-session makes an enrolled sales member
// with a session and writes its cookie to the file (the benchmark signs in with it).
// Run with tsx under the react-server condition, like admin:create.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/auth/password';
import { CONSENT_VERSION } from '@/lib/consent';
import { openDb } from '@/lib/db/open';
import { demoTutorsOnOpen } from '@/lib/server/demo-tutors';
import { leads, staff, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { readInstanceMark } from '@/lib/server/instance-mark';
import { createStaffMember } from '@/lib/staff/accounts';
import { finishEnrolment, openEnrolment } from '@/lib/staff/enrol';
import { openStaffSession } from '@/lib/staff/sessions';
import { totpCode } from '@/lib/crypto/totp';
import { bulkInsert } from './bulk';
import { personName, random, seedLead, utmPair, type Random } from './lead-data';

const BATCH = 1000;
const USAGE = 'Usage: npm run seed:leads -- --count 100000 [--users 5000] [--seed 42] [--force] [--staff-session file]';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    users: { type: 'string', default: '0' },
    seed: { type: 'string', default: '20261123' },
    force: { type: 'boolean', default: false },
    'staff-session': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const userCount = Number(values.users);
if (values.help || !Number.isInteger(count) || count < 0 || count > 2_000_000 || !Number.isInteger(userCount) || userCount < 0 || userCount > 1_000_000) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

function refuse(message: string): never {
  console.error(`seed:leads refused: ${message}`);
  process.exit(1);
}

async function insertLeads(db: Db, r: Random, n: number, assignees: number[]) {
  const now = Date.now();
  const t0 = performance.now();
  for (let done = 0; done < n; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, n - done) }, () => seedLead(r, now, assignees, CONSENT_VERSION));
    await bulkInsert(db, leads, rows);
    if ((done / BATCH) % 10 === 9 || done + BATCH >= n) {
      const secs = (performance.now() - t0) / 1000;
      process.stdout.write(`${process.stdout.isTTY ? '\r' : '\n'}  leads: ${Math.min(done + BATCH, n)} of ${n} (${secs.toFixed(1)} s)`);
    }
  }
  if (n) process.stdout.write('\n');
}

/** Student accounts with utm, for the registrations of the attribution report; one shared unusable password. */
async function insertUsers(db: Db, r: Random, n: number) {
  const passwordHash = await hashPassword(`seed-${r.next()}-${Date.now()}`);
  const now = Date.now();
  const base = 70_000_000 + r.int(9_000_000);
  for (let done = 0; done < n; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, n - done) }, (_, i) => {
      const p = personName(r);
      const at = new Date(now - r.int(365 * 86_400) * 1000);
      const serial = String((base + done + i) % 100_000_000).padStart(8, '0');
      return { role: 'student' as const, name: p.name, lastname: p.lastname, phone: `+7707${serial.slice(1)}`, passwordHash, locale: p.kazakh ? 'kk' : 'ru', ...utmPair(r), consentVersion: CONSENT_VERSION, consentAt: at, createdAt: at };
    });
    await bulkInsert(db, users, rows, { ignoreConflicts: true });
  }
  if (n) console.log(`  accounts: ${n}`);
}

/** An enrolled sales member with a live session (the benchmark's browser), through the real enrolment. */
async function staffSession(db: Db, file: string) {
  const email = 'bench-sales@tilmen.test';
  const [existing] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  let token: string;
  let id: number;
  if (existing?.enrolledAt) {
    id = existing.id;
    token = await openStaffSession(db, id, null);
  } else {
    const made = await createStaffMember(db, { email, name: 'Bench Sales', scopes: ['sales', 'export'], invitedBy: null });
    const { secret } = await openEnrolment(db, made.token);
    const done = await finishEnrolment(db, { token: made.token, password: `Bench-${Date.now()}-Pw1`, code: await totpCode(secret), ipHash: 'seed' });
    id = done.staffId;
    token = done.session;
  }
  writeFileSync(file, JSON.stringify({ email, staffId: id, cookie: `tilmen_staff=${token}` }), { mode: 0o600 });
  console.log(`  sales member ${email} (#${id}): session cookie written to ${file}`);
  return id;
}

async function main() {
  const e = env();
  if (e.NODE_ENV === 'production' && !values.force) refuse('NODE_ENV=production: this writes made-up people into the database. Add --force if you really mean it.');
  const dataDir = e.DATABASE_URL ? undefined : path.resolve(e.DATA_DIR);
  const running = dataDir ? readInstanceMark(dataDir) : null;
  if (running) refuse(`a server (pid ${running.pid}, port ${running.port}) has the embedded database ${dataDir} open, and it allows one process. Stop the server, run this again, then start it.`);
  console.log(`seed:leads → ${e.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir}`);
  const opened = await openDb({ url: e.DATABASE_URL, dataDir });
  await demoTutorsOnOpen(opened, dataDir);
  try {
    const r = random(Number(values.seed) || 1);
    if (values['staff-session']) await staffSession(opened.db, path.resolve(values['staff-session']));
    const sales = await opened.db.select({ id: staff.id }).from(staff).where(sql`${staff.scopes} ? 'sales' and ${staff.disabledAt} is null`);
    await insertLeads(opened.db, r, count, sales.map((s) => s.id));
    await insertUsers(opened.db, r, userCount);
    // The embedded database runs no autovacuum: without fresh statistics the planner guesses.
    await opened.db.execute(sql`analyze leads`);
    await opened.db.execute(sql`analyze users`);
    const [total] = await opened.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    console.log(`done: ${total?.n ?? 0} leads in the database`);
  } finally {
    await opened.close();
  }
}

main().catch((err: unknown) => {
  console.error(`seed:leads failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
