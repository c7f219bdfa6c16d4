import { describe, expect, it } from 'vitest';
import { dbLabel, useTestDb } from '@/test/db';
import { enrolledStaff } from '@/test/staff';
import { openStaffSession, STAFF_ABSOLUTE_S, STAFF_IDLE_S, staffFromSession } from './sessions';

const MIN = 60_000;

/** Staff sessions end after 30 idle minutes and after 12 hours in all (audit, issue 12 #3: untested). */
describe(`staff session expiry (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('idle: used every 25 minutes it lives on; 31 minutes untouched ends it for good', async () => {
    expect(STAFF_IDLE_S).toBe(30 * 60);
    const s = await enrolledStaff(t.db, { email: 'idle@school.kz', scopes: ['sales'] });
    const start = new Date('2026-03-02T04:00:00Z');
    const token = await openStaffSession(t.db, s.id, null, start);
    for (let i = 1; i <= 4; i++) expect(await staffFromSession(t.db, token, new Date(start.getTime() + i * 25 * MIN)), `use ${i}`).not.toBeNull();
    const lastUse = start.getTime() + 4 * 25 * MIN;
    expect(await staffFromSession(t.db, token, new Date(lastUse + 31 * MIN))).toBeNull();
    // Once ended, it stays ended even if asked again "earlier".
    expect(await staffFromSession(t.db, token, new Date(lastUse + MIN))).toBeNull();
  });

  it('absolute: even a session in constant use ends 12 hours after sign-in', async () => {
    expect(STAFF_ABSOLUTE_S).toBe(12 * 3600);
    const s = await enrolledStaff(t.db, { email: 'long@school.kz', scopes: ['sales'] });
    const start = new Date('2026-03-02T04:00:00Z');
    const token = await openStaffSession(t.db, s.id, null, start);
    let at = start.getTime();
    while (at + 20 * MIN < start.getTime() + 12 * 3600_000) {
      at += 20 * MIN;
      expect(await staffFromSession(t.db, token, new Date(at))).not.toBeNull();
    }
    expect(await staffFromSession(t.db, token, new Date(start.getTime() + 12 * 3600_000 + MIN))).toBeNull();
  });
});
