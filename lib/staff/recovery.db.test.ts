import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffRecoveryCodes } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { enrolledStaff } from '@/test/staff';
import { issueRecoveryCodes, spendRecoveryCode } from './recovery';

describe(`recovery codes are stored keyed (L6) (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('no stored hash is the plain SHA-256 of a code, and a code spends once', async () => {
    const s = await enrolledStaff(t.db, { email: 'rec@school.kz', scopes: ['sales'] });
    const codes = await issueRecoveryCodes(t.db, s.id);
    const stored = (await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, s.id))).map((r) => r.codeHash);
    const unkeyed = codes.map((c) => createHash('sha256').update(`tilmen-recovery:${c.replace('-', '')}`).digest('base64url'));
    expect(stored.some((h) => unkeyed.includes(h))).toBe(false);
    expect(await spendRecoveryCode(t.db, s.id, codes[0]!.toUpperCase())).toBe(true);
    expect(await spendRecoveryCode(t.db, s.id, codes[0]!)).toBe(false);
  });

  it('a code issued under the old unkeyed hash still works once', async () => {
    const s = await enrolledStaff(t.db, { email: 'rec-old@school.kz', scopes: ['sales'] });
    const old = 'abcde-fghjk';
    await t.db.insert(staffRecoveryCodes).values({ staffId: s.id, codeHash: createHash('sha256').update('tilmen-recovery:abcdefghjk').digest('base64url') });
    expect(await spendRecoveryCode(t.db, s.id, old)).toBe(true);
    expect(await spendRecoveryCode(t.db, s.id, old)).toBe(false);
  });

  it('one member’s code does not work for another', async () => {
    const a = await enrolledStaff(t.db, { email: 'rec-a@school.kz', scopes: ['sales'] });
    const b = await enrolledStaff(t.db, { email: 'rec-b@school.kz', scopes: ['sales'] });
    const [code] = await issueRecoveryCodes(t.db, a.id);
    expect(await spendRecoveryCode(t.db, b.id, code!)).toBe(false);
  });
});
