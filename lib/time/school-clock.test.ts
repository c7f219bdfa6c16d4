import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schoolDateOf, schoolDayEnd, schoolDayStart, schoolLongDate, schoolNoon, schoolYmd } from './school-clock';

describe('the school clock', () => {
  it('is UTC+5 whatever the runtime’s zone data says, with the site’s own Kazakh month names', () => {
    // 19:30 UTC on 3 December is already 4 December in Almaty (+5).
    expect(schoolYmd('2026-12-03T19:30:00Z')).toEqual([2026, 12, 4]);
    expect(schoolLongDate('2026-12-03T19:30:00Z', 'kk')).toBe('2026 жылғы 4 желтоқсан');
    expect(schoolLongDate('2026-12-03T19:30:00Z', 'en')).toBe('4 December 2026');
    expect(schoolLongDate('2026-12-03T19:30:00Z', 'ru')).toMatch(/^4 декабря 2026/);
    expect(schoolLongDate('2026-12-03T18:59:00Z', 'kk')).toBe('2026 жылғы 3 желтоқсан');
  });

  it('a school day: its date of an instant, its first and last moments, its noon', () => {
    expect(schoolDateOf('2026-12-31T18:59:59.999Z')).toBe('2026-12-31');
    expect(schoolDateOf(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
    expect(schoolDayStart('2027-01-01').toISOString()).toBe('2026-12-31T19:00:00.000Z');
    expect(schoolDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T18:59:59.999Z');
    expect(schoolDayEnd('2026-12-31').getTime() + 1).toBe(schoolDayStart('2027-01-01').getTime());
    expect(schoolLongDate(schoolNoon('2026-12-31'), 'en')).toBe('31 December 2026');
  });
});

describe('one clock: the school\'s zone is written in code in lib/time/school-clock.ts and school-zone.ts only', () => {
  it('no other source file writes Asia/Almaty, +05:00, Etc/GMT-5 or a five-hour shift in code', () => {
    const ROOT = path.resolve(__dirname, '../..');
    const ALLOWED = new Set(['lib/time/school-clock.ts', 'lib/time/school-zone.ts']);
    // In a string literal (comments may name the zone), or as arithmetic.
    const ZONE = /(['"`])[^'"`\n]*(?:Asia\/Almaty|\+05:00|Etc\/GMT-5)[^'"`\n]*\1|\b5 \* 3600|\b5 \* 60 \* 60\b|\binterval '5 hours'/;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          // Benchmarks and the date sweep state moments in Almaty on purpose; they are tools, not the product.
          if (!['node_modules', '.next', 'bench', 'migrations'].includes(entry.name)) walk(rel);
        } else if (/\.(?:ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.tsx?$|\.d\.m?ts$/.test(entry.name) && !ALLOWED.has(rel)) {
          fs.readFileSync(path.join(ROOT, rel), 'utf8')
            .split('\n')
            .forEach((line, i) => {
              const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\//g, '').replace(/^\s*(?:\/\*\*?|\*).*$/, '');
              if (ZONE.test(code)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    for (const dir of ['app', 'lib', 'components', 'i18n', 'scripts']) walk(dir);
    expect(found).toEqual([]);
  });
});
