import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDb } from '@/lib/db/open';
import { leads, testAttempts, tutorApplications, users } from '@/lib/db/schema';
import { createTestDb, dbLabel } from '@/test/db';
import { callbackPromiseShare } from './callback-share';
import { reviewFigures, salesFigures } from './figures';
import { reviewMetrics } from './review-metrics';

// "Now" is 10:00 on 10 March 2026 in Almaty (05:00 UTC); the Almaty day began at 19:00 UTC on the 9th.
const NOW = new Date('2026-03-10T10:00:00+05:00');
const at = (iso: string) => new Date(`${iso}+05:00`);
const H = 3600 * 1000;
const D = 24 * H;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe(`dashboard figures on a known dataset (${dbLabel()})`, () => {
  let t: OpenDb;
  beforeAll(async () => {
    t = await createTestDb();
    const lead = (kind: string, createdAt: Date, extra: Partial<typeof leads.$inferInsert> = {}) => ({ kind, name: 'Лид', phone: '+77010000000', locale: 'ru', page: '/', createdAt, ...extra });
    await t.db.insert(leads).values([
      // Callbacks: due an hour after they came in.
      lead('callback', at('2026-03-10T09:30:00'), { callbackDueAt: at('2026-03-10T10:30:00') }), // not yet due: not counted
      lead('callback', at('2026-03-10T08:00:00'), { callbackDueAt: at('2026-03-10T09:00:00') }), // still new past due: overdue, missed
      lead('callback', at('2026-03-09T15:00:00'), { callbackDueAt: at('2026-03-09T16:00:00'), status: 'contacted', contactedAt: at('2026-03-09T15:30:00') }), // in time
      lead('callback', ago(3 * D), { callbackDueAt: new Date(ago(3 * D).getTime() + H), status: 'won', contactedAt: new Date(ago(3 * D).getTime() + 2 * H) }), // late
      lead('callback', ago(10 * D), { callbackDueAt: new Date(ago(10 * D).getTime() + H), status: 'lost', contactedAt: new Date(ago(10 * D).getTime() + 10 * 60_000) }), // in time, 30-day window only
      lead('callback', ago(40 * D), { callbackDueAt: new Date(ago(40 * D).getTime() + H), status: 'won', contactedAt: new Date(ago(40 * D).getTime() + 3 * H) }), // outside
      // The day boundary: 00:10 in Almaty is today, 23:50 the evening before is yesterday.
      lead('feedback', at('2026-03-10T00:10:00')),
      lead('feedback', at('2026-03-09T23:50:00')),
      lead('trial', at('2026-02-09T12:00:00')), // the 30th day back: inside
      lead('trial', at('2026-02-08T12:00:00')), // the 31st: outside
      lead('registration', at('2026-03-10T07:00:00')),
    ]);
    await t.db.insert(testAttempts).values([
      { tokenHash: 'a1', kind: 'kazakh', seed: 's', itemCount: 30, locale: 'kk', status: 'finished', finishedAt: at('2026-03-10T09:00:00') },
      { tokenHash: 'a2', kind: 'placement', seed: 's', itemCount: 30, locale: 'ru', status: 'finished', finishedAt: ago(5 * D) },
      { tokenHash: 'a3', kind: 'placement', seed: 's', itemCount: 30, locale: 'ru', status: 'active' },
      { tokenHash: 'a4', kind: 'kazakh', seed: 's', itemCount: 30, locale: 'kk', status: 'finished', finishedAt: ago(31 * D) },
    ]);
    const person = (i: number, role: 'student' | 'tutor', createdAt: Date) => ({ role, name: 'A', lastname: 'B', phone: `+7701555${String(i).padStart(4, '0')}`, passwordHash: 'x', createdAt });
    const people = await t.db
      .insert(users)
      .values([person(1, 'student', at('2026-03-10T01:00:00')), person(2, 'tutor', ago(2 * D)), person(3, 'student', ago(35 * D)), ...[4, 5, 6, 7, 8, 9, 10].map((i) => person(i, 'tutor', ago(60 * D)))])
      .returning({ id: users.id });
    const app = (i: number, v: Partial<typeof tutorApplications.$inferInsert> & { reviewDueAt: Date }) => ({ userId: people[i]!.id, ...v });
    await t.db.insert(tutorApplications).values([
      app(3, { status: 'submitted', submittedAt: ago(4 * D), reviewDueAt: new Date(NOW.getTime() + D) }), // due soon
      app(4, { status: 'in_review', submittedAt: ago(8 * D), reviewDueAt: ago(H) }), // overdue
      app(5, { status: 'submitted', submittedAt: ago(D), reviewDueAt: new Date(NOW.getTime() + 4 * D) }), // waiting
      app(6, { status: 'approved', submittedAt: ago(10 * D), decidedAt: ago(9 * D), reviewDueAt: ago(3 * D) }), // 24 h, in time
      app(7, { status: 'rejected', submittedAt: ago(20 * D), decidedAt: ago(10 * D), reviewDueAt: ago(13 * D) }), // 240 h, late
      app(8, { status: 'approved', submittedAt: ago(2 * D), decidedAt: ago(H), reviewDueAt: new Date(NOW.getTime() + 5 * D) }), // 47 h, in time, today
      app(9, { status: 'approved', submittedAt: ago(45 * D), decidedAt: ago(40 * D), reviewDueAt: ago(38 * D) }), // outside
    ]);
  });
  afterAll(() => t.close());

  it('counts leads by kind today (Almaty day) and over 30 days, and the overdue callbacks now', async () => {
    const f = await salesFigures(t.db, NOW);
    expect(f.leadsByKind).toEqual({
      callback: { today: 2, month: 5 },
      feedback: { today: 1, month: 2 },
      trial: { today: 0, month: 1 },
      quiz: { today: 0, month: 0 },
      registration: { today: 1, month: 1 },
    });
    expect(f.leadsTotal).toEqual({ today: 4, month: 9 });
    expect(f.callbacksOverdue).toBe(1);
    expect(f.tests).toEqual({ kazakh: { today: 1, month: 1 }, placement: { today: 0, month: 1 } });
    expect(f.registrations).toEqual({ student: { today: 1, month: 1 }, tutor: { today: 0, month: 1 } });
  });

  it('puts each lead on its Almaty day in the 30-day series', async () => {
    const f = await salesFigures(t.db, NOW);
    expect(f.leadsPerDay).toHaveLength(30);
    expect(f.leadsPerDay[0]).toMatchObject({ date: '2026-02-09', trial: 1 });
    expect(f.leadsPerDay.at(-1)).toEqual({ date: '2026-03-10', callback: 2, feedback: 1, trial: 0, quiz: 0, registration: 1 });
    expect(f.leadsPerDay.at(-2)).toMatchObject({ date: '2026-03-09', callback: 1, feedback: 1 });
    const sum = f.leadsPerDay.reduce((s, d) => s + d.callback + d.feedback + d.trial + d.quiz + d.registration, 0);
    expect(sum).toBe(9);
  });

  it('measures the one-hour callback promise over 7 and 30 days: missed ones count, not-yet-due ones do not', async () => {
    expect(await callbackPromiseShare(t.db, 7, NOW)).toEqual({ counted: 3, inTime: 1, share: 1 / 3 });
    expect(await callbackPromiseShare(t.db, 30, NOW)).toEqual({ counted: 4, inTime: 2, share: 0.5 });
    expect((await salesFigures(t.db, NOW)).callbackShare.week.counted).toBe(3);
    // Before anything was due there is nothing to measure.
    expect(await callbackPromiseShare(t.db, 7, new Date('2026-01-01T00:00:00Z'))).toEqual({ counted: 0, inTime: 0, share: null });
  });

  it('the review queue against its due dates, the median review time and the share in 5 business days', async () => {
    const r = await reviewFigures(t.db, NOW);
    expect(r).toMatchObject({ waiting: 3, dueSoon: 1, overdue: 1, decidedToday: 1 });
    expect(r.metrics.decided).toBe(3);
    expect(r.metrics.medianHours).toBeCloseTo(47, 5);
    expect(r.metrics.inTime).toBe(2);
    expect(r.metrics.share).toBeCloseTo(2 / 3, 5);
    expect(await reviewMetrics(t.db, 7, NOW)).toMatchObject({ decided: 1, inTime: 1, share: 1 });
    expect((await reviewMetrics(t.db, 7, new Date('2025-01-01T00:00:00Z'))).medianHours).toBeNull();
  });
});
