import { describe, expect, it } from 'vitest';
import { dbLabel, useTestDb } from '@/test/db';
import { hit, hitAll } from './rate-limit';

describe(`rate limits in the database (${dbLabel()})`, () => {
  const t = useTestDb();

  it('allows up to the limit in a window, then refuses with the wait', async () => {
    const now = new Date('2026-11-22T10:00:05Z');
    const limit = { key: 'test:a', max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hit(t.db, limit, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]!.retryAfter).toBe(55);
    expect((await hit(t.db, limit, new Date('2026-11-22T10:01:01Z'))).allowed).toBe(true);
  });

  it('counts parallel hits exactly (as several instances would)', async () => {
    const now = new Date('2026-11-22T11:00:00Z');
    const limit = { key: 'test:parallel', max: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(t.db, limit, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('refuses when any of several limits is exceeded', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const limits = [
      { key: 'test:ip', max: 5, windowSeconds: 600 },
      { key: 'test:phone', max: 1, windowSeconds: 3600 },
    ];
    expect((await hitAll(t.db, limits, now)).allowed).toBe(true);
    const second = await hitAll(t.db, limits, now);
    expect(second.allowed).toBe(false);
    expect(second.retryAfter).toBe(3600);
  });
});
