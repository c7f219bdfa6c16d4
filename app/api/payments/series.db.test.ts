import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { lessonMessages, lessonPackages, lessons, outbox, paymentOrders, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { cancelLesson } from '@/lib/lessons/booking';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { bookFromPackage } from '@/lib/lessons/paid';
import { quotePackage } from '@/lib/money/model';
import { bookSeries, planSeries } from '@/lib/lessons/series';
import { creditPaid } from '@/lib/payments/settle';
import { isoWeekday } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { purchasableTutor } from '@/test/payments';
import { call } from '@/test/staff';
import { GET as context } from '../booking/paid/route';
import { GET as preview, POST as series } from '../booking/paid/series/route';

let n = 0;
const phone = () => `+7703${String(40_000_000 + ++n).slice(1)}`;

function req(path: string, opts: { body?: unknown; token?: string } = {}) {
  const headers = new Headers({ 'accept-language': 'en', 'x-forwarded-for': `10.25.${n & 255}.${(n * 7) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}

/**
 * A weekly series of paid lessons from a package (issue 24; docs/payments.md, "Booking from the
 * balance"): the taken dates skipped and said so, one lesson of the balance each, never below zero,
 * the last lesson spent once by twenty parallel series.
 */
describe(`a weekly series of paid lessons (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let tutorId: number;
  const PRICE = 6000;

  beforeAll(async () => {
    tutorId = await purchasableTutor(t.db, { phone: phone(), price: PRICE });
    // Confirmed addresses, so that both sides get the booking notices by e-mail.
    await t.db.update(users).set({ email: `series-tutor-${tutorId}@example.kz` }).where(eq(users.id, tutorId));
  });

  /** A student with a paid Basic package of 8 lessons. */
  async function buyer() {
    const buyerPhone = phone();
    const id = await insertTestUser(t.db, { phone: buyerPhone, email: `series-${buyerPhone.slice(1)}@example.kz` });
    const q = quotePackage(PRICE, 'basic');
    const [order] = await t.db
      .insert(paymentOrders)
      .values({ studentId: id, tutorId, subject: 'english', plan: 'basic', lessons: q.lessons, tutorPrice: PRICE, perLessonTiyn: q.perLessonTiyn, amountTiyn: q.totalTiyn, provider: 'epay', invoiceId: String(710_000_000 + id), secretHash: 'x' })
      .returning();
    await t.db.transaction((tx) => creditPaid(tx as unknown as Db, order!, { providerPaymentId: `test-tx-${order!.invoiceId}`, amountTiyn: order!.amountTiyn }));
    const [pkg] = await t.db.select().from(lessonPackages).where(eq(lessonPackages.orderId, order!.id));
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    const { accessToken } = await openSession(t.db, { id, scope: 'student' });
    return { user: user!, pkg: pkg!, token: accessToken };
  }
  const left = async (b: Awaited<ReturnType<typeof buyer>>) => (await balance(t.db, ACCOUNTS.studentBalance(b.user.id), b.pkg.id)) / b.pkg.perLessonTiyn;
  it('Mon and Wed 19:00 for 3 weeks: the date another student took is skipped and said so; each booked date takes one lesson', async () => {
    // A fixed clock, never today's (issue 31): Monday 30 November 2026, 23:30 in Almaty (18:30 UTC),
    // so that Monday's 19:00 is past. The series: Wed 2, Mon 7, Wed 9, Mon 14 (taken), Wed 16 December.
    vi.useFakeTimers({ now: new Date('2026-11-30T18:30:00Z'), toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const other = await buyer();
    const taken = schoolInstant('2026-12-14', 19 * 60);
    await bookFromPackage(t.db, other.user, { packageId: other.pkg.id, startsAt: taken, idempotencyKey: `series-other-${other.user.id}-xxxxxxxx` });
    const b = await buyer();
    const q = `packageId=${b.pkg.id}&weekdays=1,3&time=19:00&weeks=3`;
    const shown = await call(preview, req(`/api/booking/paid/series?${q}`, { token: b.token }));
    expect(shown.status).toBe(200);
    const plan = (await shown.json()) as { dates: { startsAt: string; skip: string | null }[]; lessonsLeft: number };
    expect(plan.lessonsLeft).toBe(8);
    expect(plan.dates.find((d) => d.startsAt === taken.toISOString())?.skip).toBe('taken');
    const res = await call(series, req('/api/booking/paid/series', { token: b.token, body: { packageId: b.pkg.id, weekdays: [1, 3], time: '19:00', weeks: 3, idempotencyKey: `series-${b.user.id}-xxxxxxxxxxxx` } }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { booked: { id: number; startsAt: string }[]; dates: { startsAt: string; skip: string | null }[] };
    expect(body.dates.filter((d) => d.skip === null)).toHaveLength(body.booked.length);
    expect(body.dates.find((d) => d.startsAt === taken.toISOString())?.skip).toBe('taken');
    const days = ['2026-12-02', '2026-12-07', '2026-12-09', '2026-12-16'];
    expect(body.booked.map((l) => l.startsAt)).toEqual(days.map((d) => schoolInstant(d, 19 * 60).toISOString()));
    for (const l of body.booked) expect([1, 3]).toContain(isoWeekday(schoolDate(new Date(l.startsAt))));
    expect(await left(b)).toBe(8 - body.booked.length);
    // One notice a side for the whole series, in the paid lessons' words, every date in it, linked to each lesson.
    const notices = await t.db
      .select({ outboxId: lessonMessages.outboxId, role: lessonMessages.recipientRole, body: outbox.body })
      .from(lessonMessages)
      .innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId))
      .where(eq(lessonMessages.lessonId, body.booked[0]!.id));
    expect(notices.map((x) => x.role).sort()).toEqual(['student', 'tutor']);
    for (const notice of notices) {
      // Every booked date and time (Almaty), and not the taken one. (It once looked for the count of
      // lessons, a digit found in "50 minutes" or a date by chance: not on every day of the week.)
      for (const d of days) expect(notice.body).toContain(`${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}, 19:00`);
      expect(notice.body).not.toContain('14.12.2026');
      expect(notice.body).not.toMatch(/пробн|trial|сынақ/i);
      expect(await t.db.select().from(lessonMessages).where(eq(lessonMessages.outboxId, notice.outboxId))).toHaveLength(body.booked.length);
    }
    // The same request again (a retry): the same lessons, nothing more spent.
    const again = await call(series, req('/api/booking/paid/series', { token: b.token, body: { packageId: b.pkg.id, weekdays: [1, 3], time: '19:00', weeks: 3, idempotencyKey: `series-${b.user.id}-xxxxxxxxxxxx` } }));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { booked: unknown[] }).booked).toHaveLength(body.booked.length);
    expect(await left(b)).toBe(8 - body.booked.length);
    expect(await t.db.select().from(lessonMessages).where(eq(lessonMessages.lessonId, body.booked[0]!.id))).toHaveLength(notices.length);
    // A cancel in time gives one back.
    await cancelLesson(t.db, b.user, body.booked[0]!.id);
    expect(await left(b)).toBe(9 - body.booked.length);
  });

  it('more dates than lessons left: the first ones are booked, the rest skipped as "no lessons left"; the balance never goes below zero', async () => {
    const b = await buyer();
    const ctx = await call(context, req(`/api/booking/paid?packageId=${b.pkg.id}`, { token: b.token }));
    expect(ctx.status).toBe(200);
    const c = (await ctx.json()) as { package: { lessonsLeft: number }; cancelDeadlineHours: number; lessonMinutes: number; slots: string[] };
    expect(c).toMatchObject({ package: { lessonsLeft: 8 }, cancelDeadlineHours: 8, lessonMinutes: 50 });
    expect(c.slots.length).toBeGreaterThan(20);
    const { booked, dates } = await bookSeries(t.db, b.user, { packageId: b.pkg.id, weekdays: [1, 2, 3, 4, 5, 6, 7], minutes: 9 * 60, weeks: 3, idempotencyKey: `series-many-${b.user.id}-xxxxxxxx` });
    expect(booked).toHaveLength(8);
    expect(dates.filter((d) => d.skip === 'no_lessons_left').length).toBeGreaterThan(0);
    const skippedAfter = dates.findIndex((d) => d.skip === 'no_lessons_left');
    expect(dates.slice(skippedAfter).every((d) => d.skip !== null)).toBe(true);
    expect(await left(b)).toBe(0);
    const preview2 = await planSeries(t.db, b.user, { packageId: b.pkg.id, weekdays: [2], minutes: 20 * 60, weeks: 2 });
    expect(preview2.dates.every((d) => d.skip === 'no_lessons_left' || d.skip === 'unavailable')).toBe(true);
  });

  it('twenty parallel series on the last lesson spend it once; the ledger sums to zero', async () => {
    const b = await buyer();
    // Seven of the eight first, one at a time.
    const first = await bookSeries(t.db, b.user, { packageId: b.pkg.id, weekdays: [1, 2, 3, 4, 5, 6, 7], minutes: 8 * 60, weeks: 2, idempotencyKey: `series-seven-${b.user.id}-xxxxxxxx` });
    expect(first.booked).toHaveLength(8);
    await cancelLesson(t.db, b.user, first.booked[0]!.id);
    expect(await left(b)).toBe(1);
    const times = Array.from({ length: 20 }, (_, i) => `${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    const answers = await Promise.all(
      times.map((time, i) => call(series, req('/api/booking/paid/series', { token: b.token, body: { packageId: b.pkg.id, weekdays: [1, 2, 3, 4, 5, 6, 7], time, weeks: 2, idempotencyKey: `series-last-${b.user.id}-${i}-xxxxxxxx` } }))),
    );
    const booked = (await Promise.all(answers.map(async (r) => { expect(r.status).toBe(201); return ((await r.json()) as { booked: unknown[] }).booked.length; }))).reduce((a, x) => a + x, 0);
    expect(booked).toBe(1);
    expect(await left(b)).toBe(0);
    const live = await t.db.select().from(lessons).where(and(eq(lessons.packageId, b.pkg.id), eq(lessons.status, 'booked')));
    expect(live).toHaveLength(8);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
