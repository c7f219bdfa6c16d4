// npm run seed:portal -- --session file [--results N] [--force]
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
import { demoTutorsOnOpen } from '@/lib/server/demo-tutors';
import { randomBytes } from 'node:crypto';
import { certificates, companies, companyUsers, kazakhTestTakers, testAttempts } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { newCertificateNumber } from '@/lib/certificates/number';
import { hashIin } from '@/lib/quiz/attempts';
// @ts-expect-error: a plain .mjs bench module without types
import { rosterIins } from '../bench/portal.mjs';
import { appSecret, env } from '@/lib/env';
import { readInstanceMark } from '@/lib/server/instance-mark';

const { values } = parseArgs({ options: { session: { type: 'string' }, force: { type: 'boolean', default: false }, results: { type: 'string', default: '0' } } });

const LEVELS = ['A0', 'A1', 'A2', 'B1', 'B2', 'C1'];

/**
 * Kazakh test results for the roster the bench will import (the same IINs, bench/portal.mjs):
 * of every ten people six finished with a certificate, one started, three not yet.
 */
async function seedResults(db: Db, companyId: number, count: number) {
  const iins: string[] = rosterIins(count);
  const secret = appSecret();
  const now = Date.now();
  for (let i = 0; i < iins.length; i += 500) {
    const chunk = iins.slice(i, i + 500).map((iin, k) => ({ iin, n: i + k })).filter(({ n }) => n % 10 < 7);
    if (!chunk.length) continue;
    const attempts = await db
      .insert(testAttempts)
      .values(
        chunk.map(({ n }) => {
          const finished = n % 10 < 6;
          const level = LEVELS[n % LEVELS.length]!;
          const at = new Date(now - (n % 60) * 86_400_000);
          return {
            tokenHash: randomBytes(24).toString('base64url'),
            kind: 'kazakh' as const,
            seed: 'bench',
            itemCount: 30,
            locale: 'ru',
            companyId,
            status: finished ? ('finished' as const) : ('active' as const),
            level: finished ? level : null,
            result: finished ? { correct: 20, wrong: 10, unanswered: 0, total: 30, level, levelName: level, cefr: level, levelReached: level !== 'A0', perSkill: {}, determined: true } : null,
            createdAt: at,
            finishedAt: finished ? new Date(at.getTime() + 1_800_000) : null,
          };
        }),
      )
      .returning({ id: testAttempts.id, status: testAttempts.status, level: testAttempts.level, finishedAt: testAttempts.finishedAt });
    const takers = await db
      .insert(kazakhTestTakers)
      .values(chunk.map(({ iin, n }, k) => ({ iinHash: hashIin(iin, secret), iinLast4: iin.slice(-4), firstName: `Әйгерім${n}`, lastName: `Сәрсенова${n}`, workerCode: 'B', companyId, attemptId: attempts[k]!.id, consentVersion: 'bench', consentAt: new Date() })))
      .onConflictDoNothing()
      .returning({ id: kazakhTestTakers.id, attemptId: kazakhTestTakers.attemptId, firstName: kazakhTestTakers.firstName, lastName: kazakhTestTakers.lastName });
    const byAttempt = new Map(attempts.map((a) => [a.id, a]));
    const issued = takers.filter((t) => byAttempt.get(t.attemptId)?.status === 'finished');
    if (issued.length)
      await db.insert(certificates).values(
        issued.map((t) => {
          const a = byAttempt.get(t.attemptId)!;
          return { number: newCertificateNumber(), attemptId: t.attemptId, takerId: t.id, firstName: t.firstName, lastName: t.lastName, level: a.level!, levelName: a.level!, companyName: 'ТОО «Бенч»', issuedAt: a.finishedAt! };
        }),
      ).onConflictDoNothing();
  }
}

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
  await demoTutorsOnOpen(opened, dataDir);
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
    const results = Number(values.results) || 0;
    if (results > 0) await seedResults(db, company!.id, results);
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
