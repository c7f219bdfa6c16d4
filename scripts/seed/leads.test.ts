import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '@/lib/db/data-dir-lock.mjs';
import { checkKzMobile } from '@/lib/phone';
import { LEAD_LIST_KINDS } from '@/lib/leads/filters';
import { LEAD_STATUSES } from '@/lib/validations/lead-pipeline';
import { random, seedLead } from './lead-data';

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'seed-leads-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `npm run seed:leads` as a user runs it (node + tsx under the react-server condition). */
async function seedCommand(args: string[], env: { DATA_DIR: string; NODE_ENV?: 'production' | 'development' }) {
  try {
    const out = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed/leads.ts', ...args], {
      cwd: path.resolve(__dirname, '../..'),
      env: { NODE_ENV: 'development', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmp, NEXT_TELEMETRY_DISABLED: '1', ...env },
      timeout: 120_000,
    });
    return { code: 0, out: out.stdout + out.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('seed data', () => {
  it('looks like the school’s leads: Kazakh mobiles, known kinds and statuses, a year deep, utm first and last', () => {
    const r = random(7);
    const now = Date.parse('2026-11-23T12:00:00Z');
    const rows = Array.from({ length: 2000 }, () => seedLead(r, now, [3, 4], '2026-11'));
    for (const l of rows) {
      expect(checkKzMobile(l.phone).ok).toBe(true);
      expect(LEAD_LIST_KINDS).toContain(l.kind);
      expect(LEAD_STATUSES).toContain(l.status);
      expect(l.lostReason == null).toBe(l.status !== 'lost');
      expect(l.createdAt!.getTime()).toBeLessThan(now);
      expect(l.createdAt!.getTime()).toBeGreaterThan(now - 367 * 86_400_000);
    }
    expect(rows.some((l) => /[әғқңөұүһі]/i.test(l.name))).toBe(true);
    expect(rows.filter((l) => Object.keys(l.utmLast ?? {}).length === 0).length).toBeGreaterThan(400);
    expect(rows.some((l) => l.utmFirst?.utm_source && l.utmFirst.utm_source !== l.utmLast?.utm_source)).toBe(true);
    expect(new Set(rows.map((l) => l.assigneeId))).toEqual(new Set([null, 3, 4]));
  });
});

describe('npm run seed:leads', () => {
  it('refuses NODE_ENV=production without --force', async () => {
    const res = await seedCommand(['--count', '5'], { NODE_ENV: 'production', DATA_DIR: path.join(tmp, 'prod') });
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/refused: NODE_ENV=production.*--force/);
  });

  it('refuses an embedded database that a running server holds', async () => {
    const dir = path.join(tmp, 'held');
    // A server holds the folder's lock and has written its mark (instrumentation.ts).
    const lock = await lockDataDir(dir, { port: 3999 });
    writeFileSync(`${dir}.server.json`, JSON.stringify({ pid: process.pid, port: 3999 }));
    const res = await seedCommand(['--count', '5'], { DATA_DIR: dir });
    expect(res.code).toBe(1);
    expect(res.out).toContain(`a server (pid ${process.pid}, port 3999) has the embedded database ${dir} open`);
    // Before the mark (the server still opening the database), the folder's lock refuses it.
    rmSync(`${dir}.server.json`);
    const early = await seedCommand(['--count', '5'], { DATA_DIR: dir });
    expect(early.code).toBe(1);
    expect(early.out).toContain(`is in use by the Tilmen server on port 3999 (pid ${process.pid},`);
    lock.release();
    expect(existsSync(dir)).toBe(false); // refused before anything was made
  });

  it('seeds leads, accounts and a sales session into a fresh embedded database', async () => {
    const session = path.join(tmp, 'staff.json');
    const res = await seedCommand(['--count', '1200', '--users', '20', '--staff-session', session], { DATA_DIR: path.join(tmp, 'db') });
    expect(res.out).toContain('done: 1200 leads in the database');
    expect(res.code).toBe(0);
    expect(JSON.parse(readFileSync(session, 'utf8'))).toMatchObject({ email: 'bench-sales@tilmen.test', cookie: expect.stringMatching(/^tilmen_staff=[\w-]{40,}$/) });
  }, 180_000);
});
