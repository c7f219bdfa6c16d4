import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@/lib/audit/log';
import { lessonPackages, outbox, paymentRefunds, users } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { approveRefund, rejectRefund } from '@/lib/payments/finance';
import { ACCOUNTS, post } from '@/lib/money/ledger';
import { approveRegister, exportRegister, markRegisterPaid, remindPayoutRegister } from '@/lib/payments/payouts';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { seedTaughtMonth } from '@/test/payouts';
import { enrolledStaff } from '@/test/staff';

/**
 * Who is told what about money (the audit: nobody was): tutors when their statement is ready and
 * when it is paid, a student when finance decides a refund, finance when the register is due and
 * when it is late, each once, on a fixed clock.
 */
describe(`money notices (${dbLabel()})`, () => {
  let t: OpenDb;
  let db: Db;
  let actor: Actor;
  let tutors: number[] = [];
  let studentId = 0;
  const MONTH = '2026-05';
  const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+05:00`);
  const mails = (to: string) => db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, to)));

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    db = t.db;
    const finance = await enrolledStaff(db, { email: 'money@school.kz', scopes: ['finance'] });
    await enrolledStaff(db, { email: 'boss@school.kz', scopes: ['admin'] });
    actor = { kind: 'staff', id: finance.id, label: 'money@school.kz', ipHash: 'test' };
    const seeded = await seedTaughtMonth(db, MONTH, [{ prices: [6000, 6000, 6000] }, { prices: [5000] }]);
    tutors = seeded.tutorIds;
    studentId = seeded.studentId;
    // The tutors read e-mail in Kazakh and English.
    await db.update(users).set({ email: 'tutor-kk@example.kz', locale: 'kk' }).where(eq(users.id, tutors[0]!));
    await db.update(users).set({ email: 'tutor-en@example.kz', locale: 'en' }).where(eq(users.id, tutors[1]!));
    await db.update(users).set({ email: 'student@example.kz', locale: 'ru' }).where(eq(users.id, studentId));
  });
  afterAll(() => t.close());

  it('finance is told once that the register is due (the 1st-5th), once that it is late to approve (after the 5th), once that it is late to pay (after the 10th); admins only when nobody has finance', async () => {
    expect(await remindPayoutRegister(db, at('2026-06-02'))).toEqual(['money@school.kz']);
    expect(await remindPayoutRegister(db, at('2026-06-03'))).toEqual([]);
    const due = await mails('money@school.kz');
    expect(due).toHaveLength(1);
    expect(due[0]!.subject).toBe('Реестр выплат за май 2026 г. готов к утверждению');
    expect(due[0]!.body).toContain('до 5 июня 2026 г.');
    expect(await remindPayoutRegister(db, at('2026-06-06'))).toEqual(['money@school.kz']);
    expect((await mails('money@school.kz'))[1]!.subject).toContain('Просрочено');
    expect(await remindPayoutRegister(db, at('2026-06-07'))).toEqual([]);
    await approveRegister(db, actor, MONTH, at('2026-06-07'));
    expect(await remindPayoutRegister(db, at('2026-06-09'))).toEqual([]);
    expect(await remindPayoutRegister(db, at('2026-06-11'))).toEqual(['money@school.kz']);
    expect(await remindPayoutRegister(db, at('2026-06-12'))).toEqual([]);
    expect(await mails('money@school.kz')).toHaveLength(3);
    expect(await mails('boss@school.kz')).toHaveLength(0);
  });

  it('each tutor is told when the statement is ready and when it is paid, in their language, with the amount', async () => {
    const kk = await mails('tutor-kk@example.kz');
    // Three lessons at 6 000 ₸ on Basic (50 %): 9 000 ₸.
    expect(kk.map((m) => m.subject)).toEqual(['2026 жылғы мамыр айының үзіндісі дайын: 9\u00a0000\u00a0₸']);
    expect(kk[0]!.body).toContain('2026 жылғы 10 маусым');
    const en = await mails('tutor-en@example.kz');
    expect(en[0]!.subject).toMatch(/^Your statement for May 2026 is ready: 2\u00a0500\u00a0₸$/);
    await exportRegister(db, actor, MONTH, 'csv', at('2026-06-11', 13));
    await markRegisterPaid(db, actor, MONTH, at('2026-06-11', 14));
    await markRegisterPaid(db, actor, MONTH, at('2026-06-11', 15));
    expect((await mails('tutor-en@example.kz')).map((m) => m.subject)).toEqual([en[0]!.subject, 'Your payout for May 2026 has been sent: 2\u00a0500\u00a0₸']);
    const sms = await db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), like(outbox.body, 'Tilmen: %төлем%')));
    expect(sms.length).toBe(1);
  });

  it('a student is told when finance approves or rejects a refund in review', async () => {
    const [pkg] = await db.select().from(lessonPackages).where(eq(lessonPackages.studentId, studentId)).limit(1);
    const review = async (amount: number) =>
      transaction(db, async (tx) => {
        const [r] = await tx.insert(paymentRefunds).values({ orderId: pkg!.orderId, packageId: pkg!.id, studentId, amountTiyn: amount, lessons: 1, status: 'review', dueBy: at('2026-12-15') }).returning();
        await post(tx, 'refund', [{ account: ACCOUNTS.studentBalance(studentId), amountTiyn: -amount }, { account: ACCOUNTS.refundsDue, amountTiyn: amount }], { orderId: pkg!.orderId, packageId: pkg!.id });
        return r!;
      });
    // The seeded package has nothing left to refund: fund the two refunds' balance first.
    await transaction(db, (tx) => post(tx, 'payment', [{ account: ACCOUNTS.providerClearing, amountTiyn: -1_200_000 }, { account: ACCOUNTS.studentBalance(studentId), amountTiyn: 1_200_000 }], { packageId: pkg!.id }));
    const first = await review(600_000);
    await rejectRefund(db, actor, first.id, 'Урок 3 декабря проведён: его время в отчёте.', at('2026-12-01'));
    const second = await review(600_000);
    await approveRefund(db, actor, second.id, at('2026-12-01'));
    const subjects = (await mails('student@example.kz')).map((m) => m.subject);
    expect(subjects).toEqual(['В возврате 6\u00a0000\u00a0₸ отказано', 'Возврат 6\u00a0000\u00a0₸ одобрен']);
    expect((await mails('student@example.kz'))[0]!.body).toContain('Причина: Урок 3 декабря проведён');
    expect((await mails('student@example.kz'))[1]!.body).toContain('до 15 декабря 2026 г.');
  });
});
