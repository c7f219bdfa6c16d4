import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/audit/log';
import { auditLog, companies, companyEmployees, companyInvoices, ledgerEntries, lessons } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { recordAttendance, settleEndedLessons } from '@/lib/lessons/attendance';
import { actOfMonth, reconciliation } from '@/lib/payments/company-documents';
import { allocateLessons, companyPool, createInvoice, markInvoicePaid } from '@/lib/payments/company-pools';
import { COMPANY_LESSON_TIYN, lessonsLeft, postPoolSpend } from '@/lib/lessons/money';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { lockEmployee } from '@/lib/lessons/pool-locks';
import { addDays, addMonths } from '@/lib/time/calendar';
import { schoolDate } from '@/lib/time/school-zone';
import { pdfText } from '@/test/pdf';
import { companyRequest, hrUser, insertCompany } from '@/test/company';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { purchasableTutor } from '@/test/payments';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { GET as hrAct } from './documents/act/route';
import { GET as hrReconciliation } from './documents/reconciliation/route';
import { GET as hrExport } from './lessons/export/route';
import { GET as financeCompanies } from '../admin/finance/companies/route';
import { GET as financeAct } from '../admin/finance/companies/[id]/act/route';
import { GET as financeReconciliation } from '../admin/finance/companies/[id]/reconciliation/route';

const fin: Actor = { kind: 'staff', id: 1, label: 'finance@school.kz', ipHash: 'test' };
const MIN = 60_000;

/**
 * The closing documents of a company's lesson pool (docs/payments.md, "Closing documents"): the act
 * of completed work per month and the reconciliation statement, their figures held against the
 * ledger; HR gets its own company's only, finance any company's; each download audited; HR's
 * export of lessons per employee, IINs masked.
 */
describe(`closing documents of a company's lesson pool (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  const today = schoolDate(new Date());
  const thisMonth = `${today.slice(0, 7)}-01`;
  const m2 = addMonths(thisMonth, -2).slice(0, 7);
  const m1 = addMonths(thisMonth, -1).slice(0, 7);
  let alpha: number;
  let beta: number;
  let hrA: { id: number; cookie: string };
  let hrB: { id: number; cookie: string };
  let employeeId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    alpha = await insertCompany(t.db, 'alpha-docs', 'ТОО «Альфа Құжат»');
    beta = await insertCompany(t.db, 'beta-docs', 'ТОО «Бета Құжат»');
    for (const c of [alpha, beta]) await t.db.update(companies).set({ bin: '990140000385', signatoryName: 'Ахметова Д.', signatoryPosition: 'Директор' }).where(eq(companies.id, c));
    hrA = await hrUser(t.db, { companyId: alpha, email: 'hr@alpha-docs.kz', phone: '+77011118801' });
    hrB = await hrUser(t.db, { companyId: beta, email: 'hr@beta-docs.kz', phone: '+77011118802' });
    const hr: Actor = { kind: 'company', id: hrA.id, label: 'hr@alpha-docs.kz', ipHash: 'test' };
    // Two invoices of 10, paid on the first days of the two months before this one.
    for (const [month, order] of [[m2, 'ПП-1'], [m1, 'ПП-2']] as const) {
      const invoice = await createInvoice(t.db, hr, { companyId: alpha, userId: hrA.id, locale: 'ru' }, 10);
      await markInvoicePaid(t.db, fin, invoice.id, { paidOn: `${month}-01`, paymentOrder: order });
    }
    const [employee] = await t.db
      .insert(companyEmployees)
      .values({ companyId: alpha, lastName: 'Сәрсенова', firstName: 'Айгерім', iinHash: 'docs-1', iinLast4: '0012', iinSealed: 'x', positionCode: 'P-1' })
      .returning();
    employeeId = employee!.id;
    await allocateLessons(t.db, hr, alpha, { employeeId, lessons: 6 });
    const tutorId = await purchasableTutor(t.db, { phone: '+77011118803', price: 6000 });
    const studentId = await insertTestUser(t.db, { phone: '+77011118804' });
    /** A 50-minute lesson of the pool at 10:00 Almaty on `day`, spent from the employee's lessons; the room's log: who came. */
    const poolLesson = async (name: string, day: string, came: ('student' | 'tutor')[]) => {
      const startsAt = new Date(`${day}T10:00:00+05:00`);
      const [lesson] = await t.db
        .insert(lessons)
        .values({ tutorId, studentId, kind: 'paid', subject: 'english', status: 'booked', startsAt, endsAt: new Date(startsAt.getTime() + 50 * MIN), companyEmployeeId: employeeId, poolTutorPrice: 6000 })
        .returning();
      await transaction(t.db, async (tx: Db) => {
        await lockEmployee(tx, employeeId);
        const [first] = await lessonsLeft(tx, ACCOUNTS.employeeBalance(employeeId));
        await postPoolSpend(tx, lesson!.id, employeeId, first!);
      });
      for (const side of came) {
        await recordAttendance(t.db, lesson!.id, side, `${side}-${name}`, 'join', startsAt);
        await recordAttendance(t.db, lesson!.id, side, `${side}-${name}`, 'leave', lesson!.endsAt);
      }
      ids[name] = lesson!.id;
    };
    await poolLesson('m2-held-1', `${m2}-05`, ['student', 'tutor']);
    await poolLesson('m2-held-2', `${m2}-12`, ['student', 'tutor']);
    await poolLesson('m2-missed', `${m2}-20`, ['tutor']);
    await poolLesson('m1-held', `${m1}-03`, ['student', 'tutor']);
    await poolLesson('m1-tutor-absent', `${m1}-10`, ['student']);
    await poolLesson('ahead', addDays(today, 3), []);
    await settleEndedLessons(t.db, new Date());
  });

  it('the act of a month lists its lessons used (date, initials, minutes, price), its total as the ledger has it, never a lesson given back or ahead', async () => {
    const act = await actOfMonth(t.db, alpha, m2);
    expect(act.lines.map((l) => [l.date, l.employee, l.minutes, l.state, l.amountTiyn])).toEqual([
      [`${m2}-05`, 'Сәрсенова А.', 50, 'held', COMPANY_LESSON_TIYN],
      [`${m2}-12`, 'Сәрсенова А.', 50, 'held', COMPANY_LESSON_TIYN],
      [`${m2}-20`, 'Сәрсенова А.', 50, 'missed', COMPANY_LESSON_TIYN],
    ]);
    expect(act).toMatchObject({ amountTiyn: 3 * COMPANY_LESSON_TIYN, vatTiyn: 0, open: 0, preliminary: false, date: addDays(`${m1}-01`, -1) });
    // The ledger: the school's side of these lessons' pool money is the act's total; each was earned by the tutor.
    const lessonIds = act.lines.map((l) => l.lessonId);
    const rows = await t.db.select().from(ledgerEntries).where(and(inArray(ledgerEntries.lessonId, lessonIds), eq(ledgerEntries.account, ACCOUNTS.schoolRevenue), inArray(ledgerEntries.kind, ['company_lesson_spent', 'company_lesson_returned'])));
    expect(rows.reduce((s, r) => s + r.amountTiyn, 0)).toBe(act.amountTiyn);
    expect(await t.db.select().from(ledgerEntries).where(and(inArray(ledgerEntries.lessonId, lessonIds), eq(ledgerEntries.kind, 'tutor_earning'), eq(ledgerEntries.account, ACCOUNTS.schoolRevenue)))).toHaveLength(3);
    // The next month: the held lesson only (the tutor's no-show went back to the employee).
    const next = await actOfMonth(t.db, alpha, m1);
    expect(next.lines.map((l) => l.lessonId)).toEqual([ids['m1-held']]);
    expect(next.amountTiyn).toBe(COMPANY_LESSON_TIYN);
    // This month: preliminary, nothing used yet, the lesson ahead counted as open.
    const now = await actOfMonth(t.db, alpha, today.slice(0, 7));
    expect(now).toMatchObject({ preliminary: true, lines: [], amountTiyn: 0 });
    expect(now.open).toBe(addDays(today, 3).slice(0, 7) === today.slice(0, 7) ? 1 : 0);
  });

  it('the reconciliation statement: invoices paid by their bank dates, lessons used per month, and a closing balance equal to what the pool holds', async () => {
    const whole = await reconciliation(t.db, alpha, `${m2}-01`, today);
    expect(whole.openingTiyn).toBe(0);
    expect(whole.lines.map((l) => [l.date, l.kind, l.debitTiyn, l.creditTiyn])).toEqual([
      [`${m2}-01`, 'payment', 0, 10 * COMPANY_LESSON_TIYN],
      [addDays(`${m1}-01`, -1), 'services', 3 * COMPANY_LESSON_TIYN, 0],
      [`${m1}-01`, 'payment', 0, 10 * COMPANY_LESSON_TIYN],
      [addDays(thisMonth, -1), 'services', COMPANY_LESSON_TIYN, 0],
    ]);
    expect(whole).toMatchObject({ debitTiyn: 4 * COMPANY_LESSON_TIYN, creditTiyn: 20 * COMPANY_LESSON_TIYN, closingTiyn: 16 * COMPANY_LESSON_TIYN });
    // Against the ledger: paid in by bank transfer less the lessons used = the company's unallocated
    // lessons + the employee's + the ones booked ahead; and HR's "paid and not used yet".
    expect(-(await balance(t.db, ACCOUNTS.bankTransfers))).toBe(whole.creditTiyn);
    const held = (await balance(t.db, ACCOUNTS.companyBalance(alpha))) + (await balance(t.db, ACCOUNTS.employeeBalance(employeeId))) + COMPANY_LESSON_TIYN;
    expect(whole.closingTiyn).toBe(held);
    expect((await companyPool(t.db, null, alpha)).money).toEqual({ paidTiyn: 20 * COMPANY_LESSON_TIYN, paidLessons: 20, usedTiyn: 4 * COMPANY_LESSON_TIYN, scheduledTiyn: COMPANY_LESSON_TIYN, unspentTiyn: 16 * COMPANY_LESSON_TIYN });
    // From the second month on: the first month's payment and lessons make the opening balance.
    const later = await reconciliation(t.db, alpha, `${m1}-01`, today);
    expect(later.openingTiyn).toBe(7 * COMPANY_LESSON_TIYN);
    expect(later.lines).toHaveLength(2);
    expect(later.closingTiyn).toBe(whole.closingTiyn);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });

  it('HR downloads its own company’s act and statement (PDF, its language), finance any company’s; others are refused; every download is audited', async () => {
    const act = await call(hrAct, companyRequest(`/api/company/documents/act?month=${m2}`, { cookie: hrA.cookie }));
    expect(act.status).toBe(200);
    expect(act.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(await act.arrayBuffer());
    expect(text).toContain('Акт выполненных работ (оказанных услуг)');
    expect(text).toContain('ТОО «Альфа Құжат»');
    expect(text).toMatch(/Сәрсенова А\./);
    expect(text).toContain('Итого 3 урока: 13 500 ₸');
    expect(text).toContain('Сумма прописью: Тринадцать тысяч пятьсот тенге 00 тиын');
    expect(text).toContain('Неявка или поздняя отмена');
    expect(text).toMatch(/Директор _+ \/ Ахметова Д\. \//);
    expect(text).toContain('ОБРАЗЕЦ');
    // Company B's HR sees its own (empty) act, never A's lessons.
    const other = pdfText(await (await call(hrAct, companyRequest(`/api/company/documents/act?month=${m2}`, { cookie: hrB.cookie }))).arrayBuffer());
    expect(other).toContain('ТОО «Бета Құжат»');
    expect(other).not.toMatch(/Сәрсенова|Альфа/);
    expect((await call(hrAct, companyRequest('/api/company/documents/act?month=2026-13', { cookie: hrA.cookie }))).status).toBe(422);
    expect((await call(hrAct, companyRequest(`/api/company/documents/act?month=${m2}`))).status).toBe(401);

    const statement = await call(hrReconciliation, companyRequest(`/api/company/documents/reconciliation?from=${m2}-01&to=${today}&lang=kk`, { cookie: hrA.cookie }));
    expect(statement.status).toBe(200);
    const kk = pdfText(await statement.arrayBuffer());
    expect(kk).toContain('салыстыру актісі');
    expect(kk).toContain('72 000 ₸');
    expect(kk).toContain('Жетпіс екі мың теңге 00 тиын');
    expect((await call(hrReconciliation, companyRequest(`/api/company/documents/reconciliation?from=${today}&to=${m2}-01`, { cookie: hrA.cookie }))).status).toBe(422);

    // Finance: any company; sales: none.
    const finance = await enrolledStaff(t.db, { email: 'finance-docs@school.kz', scopes: ['finance'] });
    const sales = await enrolledStaff(t.db, { email: 'sales-docs@school.kz', scopes: ['sales'] });
    const fAct = await call(financeAct, staffRequest(`/api/admin/finance/companies/${alpha}/act?month=${m1}&lang=en`, { cookie: finance.cookie }), { id: String(alpha) });
    expect(fAct.status).toBe(200);
    // Asked for in English, the act is in Russian: the documents are Kazakh or Russian only.
    const fText = pdfText(await fAct.arrayBuffer());
    expect(fText).toContain('Итого 1 урок: 4 500 ₸');
    expect(fText).not.toContain('Total');
    expect((await call(financeAct, staffRequest(`/api/admin/finance/companies/${alpha}/act`, { cookie: sales.cookie }), { id: String(alpha) })).status).toBe(403);
    expect((await call(financeReconciliation, staffRequest(`/api/admin/finance/companies/${beta}/reconciliation`, { cookie: finance.cookie }), { id: String(beta) })).status).toBe(200);
    expect((await call(financeReconciliation, staffRequest('/api/admin/finance/companies/999999/reconciliation', { cookie: finance.cookie }), { id: '999999' })).status).toBe(404);
    const list = (await (await call(financeCompanies, staffRequest('/api/admin/finance/companies', { cookie: finance.cookie }))).json()) as { rows: { companyId: number; paidTiyn: number; usedTiyn: number; unspentTiyn: number }[] };
    expect(list.rows).toEqual([expect.objectContaining({ companyId: alpha, paidTiyn: 20 * COMPANY_LESSON_TIYN, usedTiyn: 4 * COMPANY_LESSON_TIYN, unspentTiyn: 16 * COMPANY_LESSON_TIYN })]);

    const audited = async (action: string) => (await t.db.select().from(auditLog).where(eq(auditLog.action, action))).length;
    expect(await audited('document.act')).toBe(3);
    expect(await audited('document.reconciliation')).toBe(2);
    expect(await audited('pool.balances')).toBe(1);
  });

  it("HR's export of lessons per employee with dates: the room's record, minutes, the pool lesson each took; IINs masked; own company only; audited", async () => {
    const from = `${m2}-01`;
    const res = await call(hrExport, companyRequest(`/api/company/lessons/export?from=${from}&to=${today}&format=csv`, { cookie: hrA.cookie, locale: 'en' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`lessons-${from}-${today}.csv`);
    const csv = await res.text();
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toContain('Last name');
    expect(lines).toHaveLength(1 + 5);
    expect(csv).not.toContain('061211600012');
    expect(csv).toContain('•••• •••• 0012');
    expect(lines.find((l) => l.includes(`${m2}-05`))).toMatch(/held.*50.*used.*4500\.00/);
    expect(lines.find((l) => l.includes(`${m2}-20`))).toMatch(/not held.*did not come or cancelled late/);
    expect(lines.find((l) => l.includes(`${m1}-10`))).toMatch(/not held/);
    const xlsx = await call(hrExport, companyRequest(`/api/company/lessons/export?from=${from}&to=${today}`, { cookie: hrA.cookie }));
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const b = await (await call(hrExport, companyRequest(`/api/company/lessons/export?from=${from}&to=${today}&format=csv`, { cookie: hrB.cookie }))).text();
    expect(b).not.toMatch(/Сәрсенова|Sarsenova/);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'lesson.export'))).length).toBe(3);
    expect((await t.db.select().from(companyInvoices).where(eq(companyInvoices.companyId, alpha))).length).toBe(2);
  });
});
