import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addEmployee } from '@/lib/company-portal/roster';
import { auditLog, companies, companyEmployees, companyInvitations, lessons } from '@/lib/db/schema';
import { allocateLessons, createInvoice, markInvoicePaid } from '@/lib/payments/company-pools';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { hrUser, insertCompany, validIin } from '@/test/company';
import { pruneCompanyAndLessons } from './retention';

const SYSTEM = { kind: 'system' as const, id: null, label: 'test', ipHash: null };
const DAY = 86_400_000;

/** Retention covers the company roster, invitations and lessons (audit, issue 15 #9). */
describe(`retention of rosters, invitations and lessons (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('deletes roster rows untouched for the period (and their invitations), old invitations, and empties old lesson comments', async () => {
    const now = new Date();
    const companyId = await insertCompany(t.db, 'kept', 'ТОО «Срок»');
    const old = await addEmployee(t.db, SYSTEM, companyId, { lastName: 'Старова', firstName: 'Алия', iin: validIin(11), positionCode: 'A-1', locale: 'ru' }, new Date(now.getTime() - 1200 * DAY));
    const fresh = await addEmployee(t.db, SYSTEM, companyId, { lastName: 'Новова', firstName: 'Сая', iin: validIin(12), positionCode: 'A-2', locale: 'ru' }, now);
    const invited = await addEmployee(t.db, SYSTEM, companyId, { lastName: 'Жанова', firstName: 'Дана', iin: validIin(13), positionCode: 'A-3', locale: 'ru' }, now);
    await t.db.insert(companyInvitations).values([
      { companyId, employeeId: fresh.id, channels: ['sms'], tokenHash: 'inv-old', deadline: new Date(now.getTime() - 400 * DAY), sentAt: new Date(now.getTime() - 420 * DAY) },
      { companyId, employeeId: invited.id, channels: ['sms'], tokenHash: 'inv-live', deadline: new Date(now.getTime() + 10 * DAY) },
    ]);
    const studentId = await insertTestUser(t.db, { phone: '+77019990101' });
    const tutorId = await insertTestUser(t.db, { phone: '+77019990102', role: 'tutor' });
    const at = (d: number) => new Date(now.getTime() - d * DAY);
    await t.db.insert(lessons).values([
      { tutorId, studentId, subject: 'english', status: 'held', startsAt: at(1200), endsAt: at(1199.9), rating: 5, ratingComment: 'Отличный урок, спасибо Айгерим' },
      { tutorId, studentId, subject: 'kazakh', status: 'held', startsAt: at(10), endsAt: at(9.9), rating: 4, ratingComment: 'Хорошо' },
    ]);

    const done = await pruneCompanyAndLessons(t.db, { leadDays: 730, takerDays: 1825, rosterDays: 1095, invitationDays: 365, lessonDays: 1095 }, now);
    expect(done).toEqual({ employees: 1, invitations: 1, lessons: 1 });
    const left = await t.db.select({ id: companyEmployees.id }).from(companyEmployees).where(eq(companyEmployees.companyId, companyId));
    expect(left.map((r) => r.id).sort()).toEqual([fresh.id, invited.id].sort());
    expect(left.map((r) => r.id)).not.toContain(old.id);
    expect((await t.db.select().from(companyInvitations)).map((i) => i.tokenHash)).toEqual(['inv-live']);
    expect((await t.db.select().from(lessons)).map((l) => l.ratingComment).sort()).toEqual(['Хорошо', null].sort());
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'retention.anonymise'))).toBe(1);
    expect(await pruneCompanyAndLessons(t.db, { leadDays: 730, takerDays: 1825, rosterDays: 1095, invitationDays: 365, lessonDays: 1095 }, now)).toEqual({ employees: 0, invitations: 0, lessons: 0 });
  });

  it("an employee deleted for retention gives their unspent pool lessons back to the company first", async () => {
    const now = new Date();
    const companyId = await insertCompany(t.db, 'pool-kept', 'ТОО «Пул»');
    await t.db.update(companies).set({ bin: '990140000385' }).where(eq(companies.id, companyId));
    const person = await hrUser(t.db, { companyId, email: 'hr@pool-kept.kz', phone: '+77011115603' });
    const hr = { kind: 'company' as const, id: person.id, label: 'hr@pool-kept.kz', ipHash: 'test' };
    const old = await addEmployee(t.db, SYSTEM, companyId, { lastName: 'Ескіова', firstName: 'Алия', iin: validIin(21), positionCode: 'A-1', locale: 'ru' }, now);
    const invoice = await createInvoice(t.db, hr, { companyId, userId: person.id, locale: 'ru' }, 10);
    await markInvoicePaid(t.db, SYSTEM, invoice.id, { paidOn: '2026-03-15', paymentOrder: '3' });
    await allocateLessons(t.db, hr, companyId, { employeeId: old.id, lessons: 4 });
    await t.db.update(companyEmployees).set({ updatedAt: new Date(now.getTime() - 1200 * DAY) }).where(eq(companyEmployees.id, old.id));

    const done = await pruneCompanyAndLessons(t.db, { leadDays: 730, takerDays: 1825, rosterDays: 1095, invitationDays: 365, lessonDays: 1095 }, now);
    expect(done.employees).toBe(1);
    expect(await balance(t.db, ACCOUNTS.employeeBalance(old.id))).toBe(0);
    expect(await balance(t.db, ACCOUNTS.companyBalance(companyId))).toBe(invoice.amountTiyn);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
