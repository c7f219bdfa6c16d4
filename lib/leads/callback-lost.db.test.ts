import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '@/lib/db/schema';
import { callbackPromiseShare } from '@/lib/dashboard/callback-share';
import { dbLabel, useTestDb } from '@/test/db';
import { enrolledStaff } from '@/test/staff';
import { moveLead } from './pipeline';

/** The one-hour callback figure cannot be inflated by closing callbacks without calling (audit, issue 12 #9). */
describe(`a callback closed as lost without a call (${dbLabel()})`, () => {
  const t = useTestDb();

  it('keeps no contact time and counts as missed at once; a call first still counts in time', async () => {
    const sales = await enrolledStaff(t.db, { email: 'cb@school.kz', scopes: ['sales'] });
    const actor = { kind: 'staff' as const, id: sales.id, label: 'cb', ipHash: null };
    const now = new Date();
    const due = new Date(now.getTime() + 45 * 60_000);
    const base = { kind: 'callback', name: 'Лид', phone: '+77010000000', locale: 'ru', page: '/', createdAt: now, callbackDueAt: due };
    const [closed, called] = await t.db.insert(leads).values([base, base]).returning({ id: leads.id });
    const lost = await moveLead(t.db, actor, closed!.id, { status: 'lost', lostReason: 'no_answer', expected: 'new' }, now);
    expect(lost.contactedAt).toBeNull();
    await moveLead(t.db, actor, called!.id, { status: 'contacted', expected: 'new' }, now);
    expect(await callbackPromiseShare(t.db, 7, new Date(now.getTime() + 1000))).toEqual({ counted: 2, inTime: 1, share: 0.5 });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, closed!.id));
    expect(row!.contactedAt).toBeNull();
  });
});
