import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** test/postgres-pass.txt: the suites `npm test` runs again on PostgreSQL. */
const listed = fs
  .readFileSync(path.join(__dirname, 'postgres-pass.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

describe('the PostgreSQL pass list', () => {
  it('names database suites that exist, each once', () => {
    expect(listed.length).toBeGreaterThan(20);
    expect(new Set(listed).size).toBe(listed.length);
    for (const file of listed) {
      expect(file, file).toMatch(/\.db\.test\.ts$/);
      expect(fs.existsSync(path.join(__dirname, '..', file)), `${file} exists`).toBe(true);
    }
  });

  it('holds every suite about money (the audit: the company invoices suite was said to be in it and was not)', () => {
    const root = path.join(__dirname, '..');
    const money = ['app/api/payments', 'lib/payments', 'app/api/admin/finance', 'app/api/cabinet/payout-details']
      .flatMap((dir) => (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).map((f) => `${dir}/${f.split(path.sep).join('/')}`))
      .concat(fs.readdirSync(path.join(root, 'app/api/company')).filter((f) => /^(invoices|pool)/.test(f)).map((f) => `app/api/company/${f}`))
      .filter((f) => f.endsWith('.db.test.ts'));
    expect(money.length).toBeGreaterThan(8);
    for (const file of money) expect(listed, `${file} is about money: list it in test/postgres-pass.txt`).toContain(file);
  });
});
