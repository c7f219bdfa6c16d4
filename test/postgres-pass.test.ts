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
});
