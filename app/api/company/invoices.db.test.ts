import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, companies, companyEmployees, companyInvoices, companyUsers, ledgerEntries, lessonPackages, lessons, paymentOrders, users } from '@/lib/db/schema';
import { cancelLesson } from '@/lib/lessons/booking';
import type { OpenDb } from '@/lib/db/open';
import { vatIncludedTiyn } from '@/lib/payments/company-pools';
import { COMPANY_LESSON_TIYN, poolTutorPriceMax } from '@/lib/lessons/money';
import { recordAttendance, settleEndedLessons } from '@/lib/lessons/attendance';
import { tutorEarningTiyn } from '@/lib/money/model';
import { previousMonth, registerLines } from '@/lib/payments/payouts';
import { decideLessonMoney, viewUndecidedLessons } from '@/lib/payments/undecided';
import { purchasableTutor } from '@/test/payments';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { renderInvoicePdf } from '@/lib/payments/invoice-pdf';
import { createTestDb, dbLabel, insertTestUser, setAppDb } from '@/test/db';
import { pdfText } from '@/test/pdf';
import { companyRequest, hrUser, insertCompany } from '@/test/company';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type InvoiceBody = { invoice: { id: number; number: string; amountTiyn: number; vatTiyn: number; status: string } };
type PoolBody = { paid: number; unallocated: number; employees: { employeeId: number; allocated: number; scheduled: number; held: number; missed: number; left: number }[]; money: Record<string, number> };

/**
 * Company lesson pools (docs/payments.md): HR orders → an issued invoice and its PDF (own company
 * only), finance marks it paid once (ledger credit, sum zero) or cancels, HR gives lessons to an
 * employee, a lesson linked by staff spends one. One database, no sleeps.
 */
describe(`company lesson pools: invoice, PDF, paid once, allocation, spend (${dbLabel()})`, () => {
  let t: OpenDb;
  const r: Record<string, unknown> = {};
  let alpha = 0;
  let beta = 0;
  let hrA: { id: number; cookie: string };
  let hrB: { id: number; cookie: string };
  let finance: { id: number; cookie: string };
  let sales: { id: number; cookie: string };

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    for (const [name, mod, method] of [
      ['invoices', './invoices/route', 'GET'],
      ['order', './invoices/route', 'POST'],
      ['pdf', './invoices/[id]/pdf/route', 'GET'],
      ['pool', './pool/route', 'GET'],
      ['allocate', './pool/allocations/route', 'POST'],
      ['finList', '../admin/finance/invoices/route', 'GET'],
      ['paid', '../admin/finance/invoices/[id]/paid/route', 'POST'],
      ['cancel', '../admin/finance/invoices/[id]/cancel/route', 'POST'],
      ['link', '../admin/trials/[id]/company/route', 'PUT'],
    ] as const)
      r[name] = ((await import(mod)) as Record<string, unknown>)[method];
    alpha = await insertCompany(t.db, 'alpha-pool', 'ТОО «Әлем Қазақстан»');
    beta = await insertCompany(t.db, 'beta-pool', 'ТОО «Бета»');
    hrA = await hrUser(t.db, { companyId: alpha, email: 'hr@alpha-pool.kz', phone: '+77011115501' });
    hrB = await hrUser(t.db, { companyId: beta, email: 'hr@beta-pool.kz', phone: '+77011115502' });
    finance = await enrolledStaff(t.db, { email: 'finance-pool@school.kz', scopes: ['finance'] });
    sales = await enrolledStaff(t.db, { email: 'sales-pool@school.kz', scopes: ['sales'] });
  });
  afterAll(() => t.close());

  const order = (cookie: string, body: unknown, locale = 'ru') => call(r.order, companyRequest('/api/company/invoices', { body, cookie, locale }));
  const markPaid = (id: number, body: unknown, cookie = finance.cookie) => call(r.paid, staffRequest(`/api/admin/finance/invoices/${id}/paid`, { body, cookie, locale: 'en' }), { id: String(id) });

  it('HR orders a pool: BIN first, 10-1000 lessons, an issued invoice at the company price; the PDF in the HR person’s language, for that company only', async () => {
    const noBin = await order(hrA.cookie, { lessons: 10 }, 'en');
    expect(noBin.status).toBe(409);
    expect(((await noBin.json()) as ErrorBody).error).toMatchObject({ code: 'company_bin_missing', message: expect.stringContaining('BIN') });
    await t.db.update(companies).set({ bin: '990140000385', legalAddress: 'Алматы, Әл-Фараби даңғылы, 77' }).where(eq(companies.id, alpha));
    const few = await order(hrA.cookie, { lessons: 9 }, 'kk');
    expect(few.status).toBe(422);
    expect(((await few.json()) as ErrorBody).error.fields?.lessons).toBe('10-нан 1000-ға дейінгі бүтін сабақ санын көрсетіңіз');
    expect((await order(hrA.cookie, { lessons: 1001 })).status).toBe(422);
    expect((await order(hrA.cookie, { lessons: 12.5 })).status).toBe(422);
    const created = await order(hrA.cookie, { lessons: 20 });
    expect(created.status).toBe(201);
    const { invoice } = (await created.json()) as InvoiceBody;
    expect(COMPANY_LESSON_TIYN).toBe(450_000);
    expect(invoice).toMatchObject({ status: 'issued', amountTiyn: 9_000_000, vatTiyn: 0 });
    expect(invoice.number).toMatch(/^TLM-\d{4}-\d{6}$/);
    const list = (await (await call(r.invoices, companyRequest('/api/company/invoices', { cookie: hrA.cookie }))).json()) as { rows: { number: string }[] };
    expect(list.rows.map((x) => x.number)).toEqual([invoice.number]);
    expect(((await (await call(r.invoices, companyRequest('/api/company/invoices', { cookie: hrB.cookie }))).json()) as { rows: unknown[] }).rows).toEqual([]);

    // The PDF: Russian by default; another company's HR: 404; Kazakh for a Kazakh-speaking HR.
    const pdf = await call(r.pdf, companyRequest(`/api/company/invoices/${invoice.id}/pdf`, { cookie: hrA.cookie }), { id: String(invoice.id) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const ru = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(ru).toContain(`Счёт на оплату № ${invoice.number}`);
    expect(ru).toContain('ТОО «Әлем Қазақстан»');
    expect(ru).toContain('990140000385');
    expect(ru).toContain('Әл-Фараби');
    expect(ru).toContain('БИК: DEVBKZKA');
    expect(ru).toContain('ИИК: KZ000000000000000000');
    expect(ru).toContain('4 500 ₸');
    expect(ru).toContain('90 000 ₸');
    expect(ru).toContain('Без НДС');
    expect((await call(r.pdf, companyRequest(`/api/company/invoices/${invoice.id}/pdf`, { cookie: hrB.cookie }), { id: String(invoice.id) })).status).toBe(404);
    expect((await call(r.pdf, companyRequest(`/api/company/invoices/x/pdf`, { cookie: hrA.cookie }), { id: 'x' })).status).toBe(404);
    await t.db.update(companyUsers).set({ locale: 'kk' }).where(eq(companyUsers.id, hrA.id));
    const kk = pdfText(new Uint8Array(await (await call(r.pdf, companyRequest(`/api/company/invoices/${invoice.id}/pdf`, { cookie: hrA.cookie }), { id: String(invoice.id) })).arrayBuffer()));
    expect(kk).toContain(`Төлеуге арналған № ${invoice.number} шот`);
    expect(kk).toContain('ҚҚС-сыз');
    expect(kk).toContain('Барлығы төлеуге: 90 000 ₸');
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.pdf'))).length).toBe(2);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.create'))).length).toBe(1);
  });

  it('a VAT-paying school: "VAT 16%" included; an English-speaking reader gets it in Russian (a Kazakh accountant files it)', async () => {
    expect(vatIncludedTiyn(11_600)).toBe(1_600);
    const text = pdfText(
      await renderInvoicePdf(
        {
          number: 'TLM-2026-000042',
          createdAt: new Date('2026-03-14T06:00:00Z'),
          lessons: 100,
          perLessonTiyn: 450_000,
          amountTiyn: 45_000_000,
          vatPayer: true,
          vatPercent: 16,
          vatTiyn: vatIncludedTiyn(45_000_000),
          school: { name: 'ТОО «Тилмен Онлайн»', nameKk: '«Тилмен Онлайн» ЖШС', bin: '123456789012', iban: 'KZ123456789012345678', bank: 'Halyk Bank', bic: 'HSBKKZKX', address: 'Astana' },
          buyer: { name: 'Қазақ Ғарыш', bin: '990140000385', address: null },
        },
        'en',
      ),
    );
    expect(text).toContain('Счёт на оплату № TLM-2026-000042 от 14.03.2026');
    expect(text).toContain('В том числе НДС 16%: 62 068,97 ₸');
    expect(text).toContain('Всего к оплате: 450 000 ₸');
    expect(text).toContain('ТОО «Тилмен Онлайн»');
    expect(text).toContain('Қазақ Ғарыш');
    expect(text).toContain('Четыреста пятьдесят тысяч тенге 00 тиын');
    expect(text).toContain('/docs/public-offer-ru.pdf');
    expect(text).not.toMatch(/Invoice|Total|VAT|SAMPLE|ЖШС/);
  });

  it('what a Kazakh accountant pays by: Кбе, КНП 859, the amount in words, the signatory, the contract; made with the placeholder requisites, it says so in large letters', async () => {
    await t.db
      .update(companies)
      .set({ bankIban: 'KZ86125KZT5004100100', bankName: 'АО «Kaspi Bank»', bankBic: 'CASPKZKA', kbe: '17', signatoryName: 'Ахметов Серік', signatoryPosition: 'Директор', contractNumber: 'Д-15/2026', contractDate: '2026-01-20' })
      .where(eq(companies.id, alpha));
    const { invoice } = (await (await order(hrA.cookie, { lessons: 10 })).json()) as InvoiceBody;
    const [row] = await t.db.select().from(companyInvoices).where(eq(companyInvoices.id, invoice.id));
    expect(row!.buyer).toMatchObject({ iban: 'KZ86125KZT5004100100', bic: 'CASPKZKA', kbe: '17', contract: { number: 'Д-15/2026', date: '2026-01-20' }, signatory: { name: 'Ахметов Серік', position: 'Директор' } });
    expect(row!.school).toMatchObject({ kbe: '17', placeholder: true, signatory: { name: 'DEV: set SCHOOL_DIRECTOR_NAME', position: 'Директор' } });
    await t.db.update(companyUsers).set({ locale: 'ru' }).where(eq(companyUsers.id, hrA.id));
    const ru = pdfText(new Uint8Array(await (await call(r.pdf, companyRequest(`/api/company/invoices/${invoice.id}/pdf`, { cookie: hrA.cookie }), { id: String(invoice.id) })).arrayBuffer()));
    expect(ru).toContain('ОБРАЗЕЦ: реквизиты школы не настроены');
    expect(ru).toMatch(/Кбе: 17/);
    expect(ru).toContain('Код назначения платежа (КНП): 859');
    expect(ru).toContain('Сумма прописью: Сорок пять тысяч тенге 00 тиын');
    expect(ru).toContain('Всего наименований 1, на сумму 45 000 ₸');
    expect(ru).toContain('Основание: договор № Д-15/2026 от 20.01.2026');
    expect(ru).toContain('KZ86125KZT5004100100');
    expect(ru).toContain('CASPKZKA');
    expect(ru).toMatch(/Директор _+ \/ DEV: set SCHOOL_DIRECTOR_NAME \//);
    expect(ru).toContain('М.П.');

    // With the school's requisites set: no warning; the director signs; Kazakh words; without a contract, the public offer.
    const text = pdfText(
      await renderInvoicePdf(
        {
          number: 'TLM-2026-000043',
          createdAt: new Date('2026-03-14T06:00:00Z'),
          lessons: 10,
          perLessonTiyn: 450_000,
          amountTiyn: 4_500_000,
          vatPayer: false,
          vatPercent: 0,
          vatTiyn: 0,
          school: { name: 'ТОО «Тилмен Онлайн»', bin: '230140012345', iban: 'KZ86125KZT5004100100', bank: 'Halyk Bank', bic: 'HSBKKZKX', address: 'Алматы', kbe: '17', signatory: { name: 'Ахметов С.', position: 'Директор' }, accountant: 'Серікова Д.', placeholder: false },
          buyer: { name: 'Қазақ Ғарыш', bin: '990140000385', address: null },
        },
        'kk',
      ),
    );
    expect(text).not.toContain('ҮЛГІ');
    // The school's Kazakh legal name, derived from the Russian one when the invoice has none of its own.
    expect(text).toContain('«Тилмен Онлайн» ЖШС');
    expect(text).not.toContain('ТОО «Тилмен');
    expect(text).toContain('Кбе: 17');
    expect(text).toContain('Төлем мақсатының коды (ТМК, КНП): 859');
    expect(text).toContain('Сома жазбаша: Қырық бес мың теңге 00 тиын');
    expect(text).toContain('жария оферта');
    expect(text).toContain('/docs/public-offer-kk.pdf');
    expect(text).toMatch(/Директор _+ \/ Ахметов С\. \//);
    expect(text).toMatch(/Бухгалтер _+ \/ Серікова Д\. \//);
  });

  it('finance marks it paid once (409 the second time), the ledger credits the company, the sum stays zero; an unpaid one can be cancelled; the list filters by status', async () => {
    const [inv] = await t.db.select().from(companyInvoices).where(eq(companyInvoices.companyId, alpha));
    const empty = (await (await call(r.finList, staffRequest('/api/admin/finance/invoices?status=paid', { cookie: finance.cookie }))).json()) as { rows: unknown[]; total: number };
    expect(empty).toMatchObject({ rows: [], total: 0 });
    expect((await call(r.finList, staffRequest('/api/admin/finance/invoices', { cookie: sales.cookie }))).status).toBe(403);
    expect((await markPaid(inv!.id, { paidOn: '2026-02-30', paymentOrder: '15' })).status).toBe(422);
    expect((await markPaid(inv!.id, { paidOn: '2026-03-15', paymentOrder: '' })).status).toBe(422);
    expect((await markPaid(inv!.id, { paidOn: '2026-03-15', paymentOrder: '15' }, sales.cookie)).status).toBe(403);
    expect((await markPaid(999_999, { paidOn: '2026-03-15', paymentOrder: '15' })).status).toBe(404);
    const ok = await markPaid(inv!.id, { paidOn: '2026-03-15', paymentOrder: 'ПП-15' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as InvoiceBody).invoice.status).toBe('paid');
    const again = await markPaid(inv!.id, { paidOn: '2026-03-16', paymentOrder: '16' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error).toEqual({ code: 'invoice_already_paid', message: 'This invoice is already marked paid.' });
    expect(await balance(t.db, ACCOUNTS.companyBalance(alpha))).toBe(9_000_000);
    expect(await balance(t.db, ACCOUNTS.bankTransfers)).toBe(-9_000_000);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.paid'))).length).toBe(1);
    const paidList = (await (await call(r.finList, staffRequest('/api/admin/finance/invoices?status=paid', { cookie: finance.cookie }))).json()) as { rows: { number: string; company: string; paymentOrder: string }[] };
    expect(paidList.rows).toMatchObject([{ number: inv!.number, company: 'ТОО «Әлем Қазақстан»', paymentOrder: 'ПП-15' }]);

    // A second invoice, cancelled; then neither paid nor cancelled again.
    const { invoice: second } = (await (await order(hrA.cookie, { lessons: 10 })).json()) as InvoiceBody;
    const cancel = (body: unknown) => call(r.cancel, staffRequest(`/api/admin/finance/invoices/${second.id}/cancel`, { body, cookie: finance.cookie }), { id: String(second.id) });
    expect((await cancel({ reason: 'x' })).status).toBe(422);
    expect((await cancel({ reason: 'Компания передумала' })).status).toBe(200);
    expect(((await (await cancel({ reason: 'Компания передумала' })).json()) as ErrorBody).error.code).toBe('invoice_cancelled');
    expect(((await (await markPaid(second.id, { paidOn: '2026-03-15', paymentOrder: '17' })).json()) as ErrorBody).error.code).toBe('invoice_cancelled');
    const paidCancel = await call(r.cancel, staffRequest(`/api/admin/finance/invoices/${inv!.id}/cancel`, { body: { reason: 'Слишком поздно' }, cookie: finance.cookie }), { id: String(inv!.id) });
    expect(paidCancel.status).toBe(409);
    expect(await balance(t.db, ACCOUNTS.companyBalance(alpha))).toBe(9_000_000);
  });

  it('HR gives lessons to an employee of its roster (never another company’s, never more than the pool); a lesson staff link spends one, a relink gives it back', async () => {
    const [emp] = await t.db.insert(companyEmployees).values({ companyId: alpha, lastName: 'Ахметова', firstName: 'Алия', iinHash: 'pool-1', iinLast4: '0017', iinSealed: 'x', positionCode: 'A-1' }).returning();
    const [other] = await t.db.insert(companyEmployees).values({ companyId: alpha, lastName: 'Бекова', firstName: 'Дана', iinHash: 'pool-2', iinLast4: '0012', iinSealed: 'x', positionCode: 'A-2' }).returning();
    const [betaEmp] = await t.db.insert(companyEmployees).values({ companyId: beta, lastName: 'Бетаев', firstName: 'Ерлан', iinHash: 'pool-3', iinLast4: '0099', iinSealed: 'x', positionCode: 'B-1' }).returning();
    const allocate = (cookie: string, body: unknown) => call(r.allocate, companyRequest('/api/company/pool/allocations', { body, cookie, locale: 'en' }));
    expect((await allocate(hrA.cookie, { employeeId: betaEmp!.id, lessons: 1 })).status).toBe(404);
    expect((await allocate(hrB.cookie, { employeeId: betaEmp!.id, lessons: 1 })).status).toBe(409); // beta has no paid pool
    expect((await allocate(hrA.cookie, { employeeId: emp!.id, lessons: 0 })).status).toBe(422);
    const tooMany = await allocate(hrA.cookie, { employeeId: emp!.id, lessons: 21 });
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as ErrorBody).error.code).toBe('company_pool_empty');
    expect((await allocate(hrA.cookie, { employeeId: emp!.id, lessons: 2 })).status).toBe(201);
    expect((await allocate(hrA.cookie, { employeeId: other!.id, lessons: 3 })).status).toBe(201);

    // Staff link two lessons to the employee: each spends one; linking the same lesson again spends nothing more.
    const tutor = await purchasableTutor(t.db, { phone: '+77011115503', price: 6000 });
    const students = [await insertTestUser(t.db, { phone: '+77011115504' }), await insertTestUser(t.db, { phone: '+77011115505' }), await insertTestUser(t.db, { phone: '+77011115506' })];
    const at = (h: number) => new Date(Date.now() - h * 3_600_000);
    const [l1, l2, l3] = await t.db
      .insert(lessons)
      .values([1, 30, 60].map((h, i) => ({ tutorId: tutor, studentId: students[i]!, kind: 'paid' as const, subject: 'kazakh', status: 'held' as const, startsAt: at(h + 1), endsAt: at(h) })))
      .returning();
    const link = (lessonId: number, body: unknown) => call(r.link, staffRequest(`/api/admin/trials/${lessonId}/company`, { method: 'PUT', body, cookie: sales.cookie }), { id: String(lessonId) });
    expect(((await (await link(l1!.id, { employeeId: emp!.id })).json()) as { fromPool: boolean }).fromPool).toBe(true);
    expect(((await (await link(l1!.id, { employeeId: emp!.id })).json()) as { fromPool: boolean }).fromPool).toBe(true);
    expect(((await (await link(l2!.id, { employeeId: emp!.id })).json()) as { fromPool: boolean }).fromPool).toBe(true);
    // None left for a third: still linked (the company's), but from no pool.
    expect(((await (await link(l3!.id, { employeeId: emp!.id })).json()) as { fromPool: boolean }).fromPool).toBe(false);
    // l2 moved to the other employee: back to Ахметова, spent from Бекова.
    expect(((await (await link(l2!.id, { employeeId: other!.id })).json()) as { fromPool: boolean }).fromPool).toBe(true);

    const pool = (await (await call(r.pool, companyRequest('/api/company/pool', { cookie: hrA.cookie }))).json()) as PoolBody;
    expect(pool).toMatchObject({ paid: 20, unallocated: 15 });
    expect(pool.employees).toEqual([
      // Linked, not yet settled by the room's log: booked ("scheduled"), never "held" before the log says so.
      { employeeId: emp!.id, lastName: 'Ахметова', firstName: 'Алия', allocated: 2, scheduled: 1, held: 0, missed: 0, left: 1 },
      { employeeId: other!.id, lastName: 'Бекова', firstName: 'Дана', allocated: 3, scheduled: 1, held: 0, missed: 0, left: 2 },
    ]);
    expect(((await (await call(r.pool, companyRequest('/api/company/pool', { cookie: hrB.cookie }))).json()) as PoolBody).employees).toEqual([]);
    expect(await balance(t.db, ACCOUNTS.schoolRevenue)).toBe(2 * 450_000);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    const spends = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.lessonId, l1!.id), eq(ledgerEntries.kind, 'company_lesson_spent')));
    expect(spends).toHaveLength(2);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'pool.allocate'))).length).toBe(2);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'pool.view'))).length).toBe(2);
  });

  it("a lesson the company pays for from its pool, cancelled, gives the employee's lesson back", async () => {
    const [emp] = await t.db.insert(companyEmployees).values({ companyId: alpha, lastName: 'Жұмабаева', firstName: 'Әсем', iinHash: 'pool-4', iinLast4: '0044', iinSealed: 'x', positionCode: 'A-4' }).returning();
    expect((await call(r.allocate, companyRequest('/api/company/pool/allocations', { body: { employeeId: emp!.id, lessons: 1 }, cookie: hrA.cookie, locale: 'en' }))).status).toBe(201);
    const tutor = await purchasableTutor(t.db, { phone: '+77011115507', price: 5000 });
    const studentId = await insertTestUser(t.db, { phone: '+77011115508' });
    const startsAt = new Date(Date.now() + 48 * 3_600_000);
    const [lesson] = await t.db.insert(lessons).values({ tutorId: tutor, studentId, kind: 'paid', subject: 'kazakh', status: 'booked', startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000) }).returning();
    const linked = await call(r.link, staffRequest(`/api/admin/trials/${lesson!.id}/company`, { method: 'PUT', body: { employeeId: emp!.id }, cookie: sales.cookie }), { id: String(lesson!.id) });
    expect(((await linked.json()) as { fromPool: boolean }).fromPool).toBe(true);
    const left = async () => ((await (await call(r.pool, companyRequest('/api/company/pool', { cookie: hrA.cookie }))).json()) as PoolBody).employees.find((e) => e.employeeId === emp!.id);
    expect(await left()).toMatchObject({ allocated: 1, scheduled: 1, left: 0 });

    const [student] = await t.db.select().from(users).where(eq(users.id, studentId));
    await cancelLesson(t.db, student!, lesson!.id);
    expect(await left()).toMatchObject({ allocated: 1, scheduled: 0, left: 1 });
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
  it('the tutor of a pool lesson earns their price less the fee when the room settles it held, at that price in the register; the tutor\'s no-show gives the lesson back to the employee; a tutor dearer than 7 500 ₸, a package lesson, a relink after the earning', async () => {
    const [emp] = await t.db.insert(companyEmployees).values({ companyId: alpha, lastName: 'Сәрсенова', firstName: 'Гүлнар', iinHash: 'pool-5', iinLast4: '0055', iinSealed: 'x', positionCode: 'A-5' }).returning();
    const [emp2] = await t.db.insert(companyEmployees).values({ companyId: alpha, lastName: 'Тоқтаров', firstName: 'Нұрлан', iinHash: 'pool-6', iinLast4: '0066', iinSealed: 'x', positionCode: 'A-6' }).returning();
    for (const e of [emp!, emp2!]) expect((await call(r.allocate, companyRequest('/api/company/pool/allocations', { body: { employeeId: e.id, lessons: 2 }, cookie: hrA.cookie, locale: 'en' }))).status).toBe(201);
    expect(poolTutorPriceMax()).toBe(7500);
    const tutor = await purchasableTutor(t.db, { phone: '+77011115509', price: 7000 });
    const dear = await purchasableTutor(t.db, { phone: '+77011115510', price: 7600 });
    const H = 3_600_000;
    // Last month's lessons, ended: so the register of that month takes them.
    const month = previousMonth();
    const start = (day: number) => new Date(`${month}-${String(day).padStart(2, '0')}T10:00:00+05:00`);
    const lesson = async (tutorId: number, day: number) =>
      (await t.db.insert(lessons).values({ tutorId, studentId: await insertTestUser(t.db, { phone: `+770111155${20 + day}` }), kind: 'paid', subject: 'kazakh', status: 'booked', startsAt: start(day), endsAt: new Date(start(day).getTime() + 50 * 60_000) }).returning())[0]!;
    const link = (lessonId: number, body: unknown) => call(r.link, staffRequest(`/api/admin/trials/${lessonId}/company`, { method: 'PUT', body, cookie: sales.cookie, locale: 'en' }), { id: String(lessonId) });
    const attend = async (l: typeof lessons.$inferSelect, sides: ('student' | 'tutor')[]) => {
      for (const side of sides) {
        await recordAttendance(t.db, l.id, side, `${side}-${l.id}`, 'join', l.startsAt);
        await recordAttendance(t.db, l.id, side, `${side}-${l.id}`, 'leave', l.endsAt);
      }
    };
    const kinds = async (lessonId: number) => (await t.db.select({ kind: ledgerEntries.kind }).from(ledgerEntries).where(eq(ledgerEntries.lessonId, lessonId))).map((e) => e.kind).sort();

    // A dearer tutor's lesson is refused, in the staff member's language, and nothing is spent.
    const dearLesson = await lesson(dear, 3);
    const refused = await link(dearLesson.id, { employeeId: emp!.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({ code: 'pool_tutor_price', message: expect.stringContaining('7\u00a0500\u00a0₸') });
    expect(await kinds(dearLesson.id)).toEqual([]);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, dearLesson.id)))[0]!.companyEmployeeId).toBeNull();

    // Held: linked before the lesson, settled by the job from the room's log.
    const held = await lesson(tutor, 4);
    expect(((await (await link(held.id, { employeeId: emp!.id })).json()) as { pool: string }).pool).toBe('spent');
    await attend(held, ['student', 'tutor']);
    // The tutor did not come: linked before, the lesson goes back to the employee.
    const absent = await lesson(tutor, 5);
    expect(((await (await link(absent.id, { employeeId: emp!.id })).json()) as { pool: string }).pool).toBe('spent');
    await attend(absent, ['student']);
    const payable = await balance(t.db, ACCOUNTS.tutorPayable(tutor));
    await Promise.all([settleEndedLessons(t.db, new Date(start(5).getTime() + H)), settleEndedLessons(t.db, new Date(start(5).getTime() + H))]);
    expect(await kinds(held.id)).toEqual(['company_lesson_spent', 'company_lesson_spent', 'tutor_earning', 'tutor_earning']);
    expect(await kinds(absent.id)).toEqual(['company_lesson_returned', 'company_lesson_returned', 'company_lesson_spent', 'company_lesson_spent']);
    // 7 000 ₸ less the Basic fee (50 %), as for a lesson a student paid for.
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutor))).toBe(payable + tutorEarningTiyn(7000));
    expect(await balance(t.db, ACCOUNTS.employeeBalance(emp!.id))).toBe(COMPANY_LESSON_TIYN);

    // Linked after the job settled it held: spent and earned at once.
    const late = await lesson(tutor, 6);
    await attend(late, ['student', 'tutor']);
    await settleEndedLessons(t.db, new Date(start(6).getTime() + H));
    expect(((await (await link(late.id, { employeeId: emp2!.id })).json()) as { pool: string }).pool).toBe('spent');
    expect(await kinds(late.id)).toEqual(['company_lesson_spent', 'company_lesson_spent', 'tutor_earning', 'tutor_earning']);
    // Earned: the link stays (a relink or an unlink would take the money from under the earning).
    expect(((await (await link(late.id, { employeeId: emp!.id })).json()) as ErrorBody).error.code).toBe('lesson_decided');
    expect(((await (await link(late.id, { employeeId: null })).json()) as ErrorBody).error.code).toBe('lesson_decided');
    expect(((await (await link(late.id, { employeeId: emp2!.id })).json()) as { pool: string }).pool).toBe('spent');
    // Linked after the tutor's no-show: nothing spent.
    expect(((await (await link(absent.id, { employeeId: emp2!.id })).json()) as { pool: string }).pool).toBe('not_held');

    // Both came but too briefly: finance decides, and the list says which company's pool paid.
    const brief = await lesson(tutor, 8);
    expect(((await (await link(brief.id, { employeeId: emp2!.id })).json()) as { pool: string }).pool).toBe('spent');
    await recordAttendance(t.db, brief.id, 'tutor', 't', 'join', brief.startsAt);
    await recordAttendance(t.db, brief.id, 'student', 's', 'join', brief.startsAt);
    await recordAttendance(t.db, brief.id, 'student', 's', 'leave', new Date(brief.startsAt.getTime() + 5 * 60_000));
    await recordAttendance(t.db, brief.id, 'tutor', 't', 'leave', new Date(brief.startsAt.getTime() + 6 * 60_000));
    await settleEndedLessons(t.db, new Date(brief.endsAt.getTime() + H));
    const financeActor = { kind: 'staff' as const, id: finance.id, label: 'finance-pool@school.kz', ipHash: 'test' };
    const waiting = await viewUndecidedLessons(t.db, financeActor, { page: 1, pageSize: 20 });
    expect(waiting.rows.find((x) => x.id === brief.id)).toMatchObject({ payer: { kind: 'pool', company: 'ТОО «Әлем Қазақстан»' }, perLessonTiyn: COMPANY_LESSON_TIYN, togetherMinutes: 5 });
    const emp2Before = await balance(t.db, ACCOUNTS.employeeBalance(emp2!.id));
    await decideLessonMoney(t.db, financeActor, brief.id, 'returned', 'Связь оборвалась в начале урока');
    expect(await balance(t.db, ACCOUNTS.employeeBalance(emp2!.id))).toBe(emp2Before + COMPANY_LESSON_TIYN);
    await expect(decideLessonMoney(t.db, financeActor, brief.id, 'earned', 'Связь оборвалась в начале урока')).rejects.toMatchObject({ status: 409, code: 'lesson_decided' });

    // A lesson a student's package pays for: linked for HR's minutes, nothing spent from the pool.
    const buyer = await insertTestUser(t.db, { phone: '+77011115530' });
    const [order] = await t.db.insert(paymentOrders).values({ studentId: buyer, tutorId: tutor, subject: 'kazakh', plan: 'basic', lessons: 8, tutorPrice: 7000, perLessonTiyn: 700_000, amountTiyn: 5_600_000, provider: 'epay', invoiceId: '900000001', secretHash: 'x', status: 'paid' }).returning();
    const [pkg] = await t.db.insert(lessonPackages).values({ orderId: order!.id, studentId: buyer, tutorId: tutor, subject: 'kazakh', plan: 'basic', lessonsTotal: 8, perLessonTiyn: 700_000, validUntil: new Date(Date.now() + 30 * 24 * H) }).returning();
    const [paid] = await t.db.insert(lessons).values({ tutorId: tutor, studentId: buyer, kind: 'paid', packageId: pkg!.id, subject: 'kazakh', status: 'booked', startsAt: start(7), endsAt: new Date(start(7).getTime() + 50 * 60_000) }).returning();
    expect(((await (await link(paid!.id, { employeeId: emp2!.id })).json()) as { pool: string }).pool).toBe('package');
    expect(await kinds(paid!.id)).toEqual([]);

    // The register of that month: two lessons at 7 000 ₸, Basic, what was booked.
    const { lines } = await registerLines(t.db, month);
    expect(lines.find((l) => l.tutorId === tutor)).toMatchObject({ lessons: 2, plan: 'basic', priceSumTiyn: 2 * 700_000, bookedTiyn: 2 * tutorEarningTiyn(7000), earningTiyn: 2 * tutorEarningTiyn(7000) });
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
