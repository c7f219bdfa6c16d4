import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonPackages, outbox, paymentOrders } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { remindExpiringPackages } from '@/lib/payments/expiry';
import { ACCOUNTS, post } from '@/lib/money/ledger';
import { quotePackage } from '@/lib/money/model';
import { creditPaid } from '@/lib/payments/settle';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';

const DAY = 86_400_000;
let n = 0;
const phone = () => `+7705${String(40_000_000 + ++n).slice(1)}`;

/** Nothing expires silently (issue 24): reminders 14 and 3 days before a package with lessons left expires, once each. */
describe(`package expiry reminders (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  async function packageOf(locale: 'ru' | 'kk' | 'en') {
    const tutorId = await insertTestUser(t.db, { phone: phone(), role: 'tutor', scope: 'tutor', name: 'Дина', lastname: 'Ахметова' });
    const studentId = await insertTestUser(t.db, { phone: phone(), email: `expiry${n}@example.kz`, locale, name: 'Алия' });
    const email = `expiry${n}@example.kz`;
    const q = quotePackage(6000, 'basic');
    const [order] = await t.db
      .insert(paymentOrders)
      .values({ studentId, tutorId, subject: 'english', plan: 'basic', lessons: q.lessons, tutorPrice: 6000, perLessonTiyn: q.perLessonTiyn, amountTiyn: q.totalTiyn, provider: 'epay', invoiceId: String(800_000_000 + studentId), secretHash: 'x' })
      .returning();
    await t.db.transaction((tx) => creditPaid(tx as unknown as Db, order!, { providerPaymentId: `test-tx-${order!.invoiceId}`, amountTiyn: order!.amountTiyn }));
    const [pkg] = await t.db.select().from(lessonPackages).where(eq(lessonPackages.orderId, order!.id));
    return { pkg: pkg!, studentId, email };
  }
  const messagesTo = (email: string) => t.db.select().from(outbox).where(inArray(outbox.recipient, [email]));

  it('14 days before, then 3 days before, once each even with passes in parallel; the e-mail in the student\'s language with the lessons left', async () => {
    const { pkg, email } = await packageOf('en');
    const end = pkg.validUntil.getTime();
    expect(await remindExpiringPackages(t.db, new Date(end - 15 * DAY))).toBe(0);
    const at14 = new Date(end - 13 * DAY);
    const counts = await Promise.all(Array.from({ length: 5 }, () => remindExpiringPackages(t.db, at14)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    let mails = await messagesTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Дина Ахметова');
    expect(mails[0]!.body).toContain('8 lessons left');
    expect(await remindExpiringPackages(t.db, new Date(end - 10 * DAY))).toBe(0);
    await Promise.all([remindExpiringPackages(t.db, new Date(end - 2 * DAY)), remindExpiringPackages(t.db, new Date(end - 2 * DAY))]);
    mails = await messagesTo(email);
    expect(mails).toHaveLength(2);
    expect(await remindExpiringPackages(t.db, new Date(end - DAY))).toBe(0);
    expect((await t.db.select().from(lessonPackages).where(eq(lessonPackages.id, pkg.id)))[0]).toMatchObject({ remindedExpiry14At: at14 });
  });

  it('first seen 2 days before: only the 3 days\' reminder; a package with no lesson left gets none; Russian and Kazakh texts', async () => {
    const late = await packageOf('ru');
    await remindExpiringPackages(t.db, new Date(late.pkg.validUntil.getTime() - 2 * DAY));
    const ru = await messagesTo(late.email);
    expect(ru).toHaveLength(1);
    expect(ru[0]!.body).toContain('осталось 8 уроков');

    const kk = await packageOf('kk');
    await remindExpiringPackages(t.db, new Date(kk.pkg.validUntil.getTime() - 2 * DAY));
    expect((await messagesTo(kk.email))[0]!.body).toContain('8 сабақ қалды');

    const empty = await packageOf('ru');
    // The whole balance refunded (as a refund's rows would): nothing left to remind about.
    await t.db.transaction((tx) =>
      post(
        tx as unknown as Db,
        'refund',
        [
          { account: ACCOUNTS.studentBalance(empty.studentId), amountTiyn: -empty.pkg.perLessonTiyn * empty.pkg.lessonsTotal },
          { account: ACCOUNTS.refundsDue, amountTiyn: empty.pkg.perLessonTiyn * empty.pkg.lessonsTotal },
        ],
        { orderId: empty.pkg.orderId, packageId: empty.pkg.id },
      ),
    );
    expect(await remindExpiringPackages(t.db, new Date(empty.pkg.validUntil.getTime() - 2 * DAY))).toBe(0);
    expect(await messagesTo(empty.email)).toHaveLength(0);
  });
});
