import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import type { Actor } from '@/lib/audit/log';
import { auditLog, companies, companyEmployees, groups, groupSeats, lessons, tutorApplications, tutorProfiles } from '@/lib/db/schema';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { markInvoicePaid } from '@/lib/payments/company-pools';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { companyRequest, hrUser } from '@/test/company';
import { pdfText } from '@/test/pdf';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call, enrolledStaff } from '@/test/staff';
import { GET as listRoute } from './groups/route';
import { POST as enrolRoute } from './groups/[id]/enrol/route';
import { POST as invoiceRoute } from './groups/[id]/invoice/route';
import { POST as unenrolRoute } from './groups/[id]/unenrol/route';
import { GET as invoicePdfRoute } from './invoices/[id]/pdf/route';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/**
 * HR's calls on the company's closed groups through their handlers, on the handlers' own clock (the
 * group is dated 2040): the group's invoice, seating an employee from the paid money, removing one
 * (the lessons not yet held back to the company), who may call them (the HR session of the group's
 * company only: no cookie, a staff cookie, a student's token are 401; another company's HR is 404;
 * a cross-site call is refused), and the refusals in the caller's language.
 */
describe(`HR's calls on the company's groups (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  const finance: Actor = { kind: 'staff', id: null, label: 'finance@school.kz', ipHash: 'test' };
  let hrA = '';
  let hrB = '';
  let staffCookie = '';
  let studentToken = '';
  let groupId = 0;
  let companyA = 0;
  let employeeId = 0;
  const params = () => ({ id: String(groupId) });
  const post = (path: string, body: unknown, cookie?: string, locale = 'ru') => companyRequest(path, { body, cookie, locale });

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const [a, b] = await t.db
      .insert(companies)
      .values([
        { slug: 'route-alpha', name: 'ТОО «Альфа Группы»', bin: '990140000385' },
        { slug: 'route-beta', name: 'ТОО «Бета»', bin: '990140000385' },
      ])
      .returning();
    companyA = a!.id;
    hrA = (await hrUser(t.db, { companyId: a!.id, email: 'hr@route-alpha.kz', phone: '+77016660001' })).cookie;
    hrB = (await hrUser(t.db, { companyId: b!.id, email: 'hr@route-beta.kz', phone: '+77016660002' })).cookie;
    staffCookie = (await enrolledStaff(t.db, { email: 'admin-route-groups@school.kz', scopes: ['admin'] })).cookie;
    const studentPhone = '+77016660003';
    const studentId = await insertTestUser(t.db, { phone: studentPhone, name: 'Айгүл', lastname: 'Альфаева' });
    studentToken = (await openSession(t.db, { id: studentId, scope: 'student' })).accessToken;
    const [employee] = await t.db
      .insert(companyEmployees)
      .values({ companyId: a!.id, lastName: 'Альфаева', firstName: 'Айгүл', iinHash: 'route-alpha', iinLast4: '0017', iinSealed: 'x', positionCode: 'A-1', phone: studentPhone })
      .returning();
    employeeId = employee!.id;
    const tutorId = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor', phone: '+77016660004', name: 'Асель', lastname: 'Нұрова' });
    await t.db.insert(tutorApplications).values({ userId: tutorId, status: 'approved', reviewDueAt: new Date(0), decidedAt: new Date(0) });
    await t.db.insert(tutorProfiles).values({ userId: tutorId, slug: `asel-route-${tutorId}`, draft: emptyProfile(), published: null, teachesGroups: true });
    const [group] = await t.db
      .insert(groups)
      .values({ subject: 'kazakh', level: 'A2', ageBand: 'adults', tutorId, weekdays: [2, 4], startMinute: 18 * 60 + 30, startDate: '2040-01-03', lessonsCount: 4, minSeats: 1, pricePerLessonTiyn: 350_000, companyId: a!.id, status: 'open', description: 'Альфа' })
      .returning();
    groupId = group!.id;
    // The group's dated lessons (what a seat pays for): four Tuesdays and Thursdays of January 2040, 18:30 Almaty.
    const days = ['2040-01-03', '2040-01-05', '2040-01-10', '2040-01-12'];
    await t.db.insert(lessons).values(days.map((d) => ({ tutorId, kind: 'group' as const, groupId: group!.id, subject: 'kazakh', status: 'booked' as const, startsAt: new Date(`${d}T13:30:00Z`), endsAt: new Date(`${d}T14:30:00Z`) })));
  });

  it('who may call: no cookie, a staff cookie and a student token are 401; another company is 404 and changes nothing; a cross-site call is refused', async () => {
    for (const [route, path, body] of [
      [invoiceRoute, `/api/company/groups/${groupId}/invoice`, { seats: 1 }],
      [enrolRoute, `/api/company/groups/${groupId}/enrol`, { employeeId }],
      [unenrolRoute, `/api/company/groups/${groupId}/unenrol`, { employeeId }],
    ] as const) {
      expect((await call(route, post(path, body), params())).status, path).toBe(401);
      expect((await call(route, post(path, body, staffCookie), params())).status, path).toBe(401);
      const asStudent = new NextRequest(`http://localhost${path}`, { method: 'POST', headers: { authorization: `Bearer ${studentToken}`, 'content-type': 'application/json', origin: 'http://localhost' }, body: JSON.stringify(body) });
      expect((await call(route, asStudent, params())).status, path).toBe(401);
      const other = await call(route, post(path, body, hrB), params());
      expect(other.status, path).toBe(404);
      expect(await other.text()).not.toMatch(/Альфа/);
      const crossSite = new NextRequest(`http://localhost${path}`, { method: 'POST', headers: { cookie: hrA, 'content-type': 'application/json', origin: 'https://evil.example' }, body: JSON.stringify(body) });
      expect((await call(route, crossSite, params())).status, path).toBe(403);
    }
    expect(await t.db.select().from(groupSeats).where(eq(groupSeats.groupId, groupId))).toHaveLength(0);
    // B's own list shows nothing of A's group.
    const bList = (await (await call(listRoute, companyRequest('/api/company/groups', { cookie: hrB }))).json()) as { groups: unknown[]; money: { paidTiyn: number } };
    expect(bList).toMatchObject({ groups: [], money: { paidTiyn: 0 } });
  });

  it("HR orders the group's invoice, seats an employee once it is paid, sees the employee, and removes them: the lessons not yet held go back", async () => {
    // Before any invoice: refused in the caller's language.
    const early = await call(enrolRoute, post(`/api/company/groups/${groupId}/enrol`, { employeeId }, hrA, 'kk'), params());
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error).toMatchObject({ code: 'company_group_funds', message: expect.stringContaining('Топтық сабақтарға арналған аванстың бос қалдығы') });
    const tooMany = await call(invoiceRoute, post(`/api/company/groups/${groupId}/invoice`, { seats: 7 }, hrA, 'en'), params());
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as ErrorBody).error.fields?.seats).toBe('Enter a whole number of seats, from 1 to the number of seats in the group');
    const ordered = await call(invoiceRoute, post(`/api/company/groups/${groupId}/invoice`, { seats: 2 }, hrA), params());
    expect(ordered.status).toBe(201);
    const { invoice } = (await ordered.json()) as { invoice: { id: number; number: string; seats: number; lessons: number; amountTiyn: number } };
    expect(invoice).toMatchObject({ seats: 2, lessons: 4, amountTiyn: 2 * 4 * 350_000 });
    // The invoice's PDF names the group's seats and lessons.
    const pdf = await call(invoicePdfRoute, companyRequest(`/api/company/invoices/${invoice.id}/pdf`, { cookie: hrA }), { id: String(invoice.id) });
    expect(pdf.status).toBe(200);
    const text = pdfText(await pdf.arrayBuffer()).replace(/\s+/g, ' ');
    // The line wraps in its column: its words, then the quantity (seats × lessons), the price and the sum.
    expect(text).toContain('Групповые онлайн-уроки языка для');
    expect(text).toContain('группа «Казахский язык A2»: 2 места × 4 урока по 60 минут');
    expect(text).toContain('8 урок 3 500 ₸ 28 000 ₸');
    expect(text).toContain('Всего к оплате: 28 000 ₸');
    await markInvoicePaid(t.db, finance, invoice.id, { paidOn: '2039-12-20', paymentOrder: '12' });

    const seated = await call(enrolRoute, post(`/api/company/groups/${groupId}/enrol`, { employeeId }, hrA), params());
    expect(seated.status).toBe(201);
    expect(await seated.json()).toMatchObject({ seat: { lessons: 4, amountTiyn: 1_400_000, status: 'paid' } });
    const list = (await (await call(listRoute, companyRequest('/api/company/groups', { cookie: hrA }))).json()) as { groups: { id: number; attendance: { employeeId: number; enrolled: boolean; lessons: number; minutes: number }[] }[]; money: Record<string, number> };
    expect(list.groups[0]).toMatchObject({ id: groupId, attendance: [{ employeeId, enrolled: true, lessons: 0, minutes: 0 }] });
    expect(list.money).toEqual({ paidTiyn: 2_800_000, spentTiyn: 0, onSeatsTiyn: 1_400_000, availableTiyn: 1_400_000 });

    const removed = await call(unenrolRoute, post(`/api/company/groups/${groupId}/unenrol`, { employeeId }, hrA), params());
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: true, returnedTiyn: 1_400_000, lessons: 4 });
    const again = await call(unenrolRoute, post(`/api/company/groups/${groupId}/unenrol`, { employeeId }, hrA, 'en'), params());
    expect(again.status).toBe(404);
    expect(await balance(t.db, ACCOUNTS.companyGroups(companyA))).toBe(2_800_000);
    const audited = await t.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'group'), eq(auditLog.entityId, String(groupId))));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['group.enrol', 'group.unenrol']));
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
