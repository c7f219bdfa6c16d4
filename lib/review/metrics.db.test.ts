import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays } from '@/lib/time/business-days';
import { applicationEvents, tutorApplications, users } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel } from '@/test/db';
import { median, reviewMetrics } from './metrics';

const H = 3_600_000;
// A Monday 10:00 in Almaty; five business days later is the next Monday 10:00.
const MON = new Date('2026-11-09T05:00:00Z');
const NOW = new Date('2026-11-30T05:00:00Z');

describe(`review metrics on a known dataset (${dbLabel()})`, () => {
  let t: OpenDb;
  let seq = 0;

  /** An application with its events: [type, hours after MON]. */
  async function application(status: 'submitted' | 'in_review' | 'approved' | 'rejected' | 'changes_requested', events: [string, number][], reviewDueAt?: Date) {
    const [user] = await t.db
      .insert(users)
      .values({ role: 'tutor', scope: 'tutor', name: 'T', lastname: `T${seq}`, phone: `+7701444${String(seq++).padStart(4, '0')}`, passwordHash: 'x' })
      .returning();
    const firstAt = new Date(MON.getTime() + (events[0]?.[1] ?? 0) * H);
    const [app] = await t.db
      .insert(tutorApplications)
      .values({ userId: user!.id, status, submittedAt: firstAt, reviewDueAt: reviewDueAt ?? addBusinessDays(firstAt, 5) })
      .returning();
    for (const [type, at] of events) await t.db.insert(applicationEvents).values({ applicationId: app!.id, type, createdAt: new Date(MON.getTime() + at * H) });
    return app!;
  }

  beforeAll(async () => {
    t = await createTestDb();
    // Round times (hours from submission to decision) and whether within 5 business days (120 h Mon→Mon):
    await application('approved', [['submitted', 0], ['review_started', 2], ['approved', 24]]); //  24 h, within
    await application('rejected', [['submitted', 0], ['rejected', 48]]); //  48 h, within
    // Two rounds: 100 h (within), then resubmitted at 200 h and approved 300 h later (late: > 5 business days).
    await application('approved', [['submitted', 0], ['changes_requested', 100], ['resubmitted', 200], ['approved', 500]]);
    await application('rejected', [['submitted', 0], ['rejected', 170]]); // 170 h: after the next Monday 10:00, late
    // Decided before the 30-day window (NOW - 30 days = 31 Oct): not counted.
    await application('approved', [['submitted', -300], ['approved', -250]]);
    // Open: one overdue, one due within a day, one due later.
    await application('submitted', [['submitted', 0]], new Date(NOW.getTime() - H));
    await application('in_review', [['submitted', 0]], new Date(NOW.getTime() + 5 * H));
    await application('submitted', [['submitted', 0]], new Date(NOW.getTime() + 72 * H));
  });
  afterAll(() => t.close());

  it('counts each decided round, its median time and the share within the promise; open, due soon and overdue now', async () => {
    const m = await reviewMetrics(t.db, 30, NOW);
    // Rounds decided: 24, 48, 100, 300, 170 hours → median 100; within: 24, 48, 100 → 3 of 5.
    expect(m).toEqual({ decided: 5, medianHours: 100, withinPromiseShare: 3 / 5, dueSoon: 1, overdue: 1, open: 3 });
  });

  it('a shorter window keeps only the recent decisions', async () => {
    // The last 7 days before NOW (23 Nov 10:00): only the second round's approval (MON + 500 h = 30 Nov 01:00).
    const m = await reviewMetrics(t.db, 7, NOW);
    expect(m).toMatchObject({ decided: 1, medianHours: 300, withinPromiseShare: 0 });
  });

  it('median of even and empty sets', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
