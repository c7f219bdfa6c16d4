import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, companyEmployees, lessonAttendance, lessonRoomEvents, lessonReports, lessons } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, insertTestUser, setAppDb } from '@/test/db';
import { companyRequest, hrUser, insertCompany } from '@/test/company';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { appSecret } from '@/lib/env';
import { lessonCompanyLink } from '@/lib/marketplace/admin';
import { hashIin } from '@/lib/quiz/attempts';

const MIN = 60_000;

type Body = { employees: { employeeId: number; lastName: string; firstName: string; held: number; notHeld: number; scheduled: number; attendedMinutes: number }[]; totalMinutes: number };

/** HR sees the attended minutes of the company's employees in the lessons it pays for, never the content. */
describe(`company portal: employees' lesson minutes (${dbLabel()})`, () => {
  let t: OpenDb;
  let get: unknown, link: unknown;
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    get = (await import('./lessons/route')).GET;
    link = (await import('../admin/trials/[id]/company/route')).PUT;
  });
  afterAll(() => t.close());

  it('minutes per employee from the room’s log, only the own company’s, nothing of the lessons’ content', async () => {
    const alpha = await insertCompany(t.db, 'alpha-lessons', 'Альфа');
    const beta = await insertCompany(t.db, 'beta-lessons', 'Бета');
    const hrA = await hrUser(t.db, { companyId: alpha, email: 'les-a@alpha.kz', phone: '+77011113301' });
    const hrB = await hrUser(t.db, { companyId: beta, email: 'les-b@beta.kz', phone: '+77011113302' });
    const [employee] = await t.db
      .insert(companyEmployees)
      .values({ companyId: alpha, lastName: 'Ахметова', firstName: 'Алия', iinHash: 'h-1', iinLast4: '0017', iinSealed: 'x', positionCode: 'A-1' })
      .returning();
    const tutor = await insertTestUser(t.db, { role: 'tutor', phone: '+77011113303', name: 'Секретный', lastname: 'Репетитор' });
    const student = await insertTestUser(t.db, { phone: '+77011113304' });
    const start = new Date(Date.now() - 2 * 24 * 60 * MIN);
    const [paid] = await t.db
      .insert(lessons)
      .values({ tutorId: tutor, studentId: student, kind: 'paid', subject: 'english', status: 'held', factStatus: 'held', startsAt: start, endsAt: new Date(start.getTime() + 50 * MIN) })
      .returning();
    // Sales say the company pays for it (audited); a bad body or an unknown employee is a 4xx.
    const sales = await enrolledStaff(t.db, { email: 'les-sales@school.kz', scopes: ['sales'] });
    const put = (body: unknown) => call(link, staffRequest(`/api/admin/trials/${paid!.id}/company`, { method: 'PUT', body, cookie: sales.cookie }), { id: String(paid!.id) });
    expect((await put({ employeeId: 'x' })).status).toBe(422);
    expect((await put({ employeeId: 999_999 })).status).toBe(404);
    expect((await put({ employeeId: employee!.id })).status).toBe(200);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'lesson.company'))).length).toBe(1);
    // The back office's form finds the employee by the company and the IIN: only on that company's roster.
    const iin = '900101300017';
    const [byIin] = await t.db
      .insert(companyEmployees)
      .values({ companyId: alpha, lastName: 'Серікова', firstName: 'Дана', iinHash: hashIin(iin, appSecret()), iinLast4: '0017', iinSealed: 'x', positionCode: 'A-2' })
      .returning();
    const elsewhere = await put({ companyId: beta, iin });
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('lesson_company_employee_unknown');
    expect((await put({ companyId: alpha, iin: '900101300018' })).status).toBe(422);
    const found = await put({ companyId: alpha, iin: '9001 0130 0017' });
    expect(found.status).toBe(200);
    expect(((await found.json()) as { employeeId: number }).employeeId).toBe(byIin!.id);
    expect(await lessonCompanyLink(t.db, paid!.id)).toEqual({ companyId: alpha, company: 'Альфа', employee: 'Серікова Дана', iinLast4: '0017' });
    expect((await put({ employeeId: employee!.id })).status).toBe(200);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'lesson.company'))).length).toBe(3);
    // A lesson the student paid alone: not the company's.
    await t.db.insert(lessons).values({ tutorId: tutor, studentId: student, subject: 'kazakh', status: 'held', startsAt: new Date(start.getTime() - 24 * 60 * MIN), endsAt: new Date(start.getTime() - 23 * 60 * MIN) });
    // The employee was in the room 25 minutes (join, leave); the tutor's presence does not count for HR.
    await t.db.insert(lessonAttendance).values([
      { lessonId: paid!.id, side: 'student', connection: 's1', kind: 'join', at: new Date(start.getTime() + 2 * MIN) },
      { lessonId: paid!.id, side: 'student', connection: 's1', kind: 'leave', at: new Date(start.getTime() + 27 * MIN) },
      { lessonId: paid!.id, side: 'tutor', connection: 't1', kind: 'join', at: start },
    ]);
    await t.db.insert(lessonRoomEvents).values({ lessonId: paid!.id, seq: 1, side: 'student', kind: 'chat', payload: { text: 'КОНФИДЕНЦИАЛЬНО' } });
    await t.db.insert(lessonReports).values({ lessonId: paid!.id, studentId: student, tutorId: tutor, covered: 'СЕКРЕТНАЯ ТЕМА', level: 'B1', marks: { speaking: 3, listening: 3, reading: 3, writing: 3, grammar: 3 } });

    const res = await call(get, companyRequest('/api/company/lessons', { cookie: hrA.cookie }));
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as Body;
    expect(body.employees).toEqual([{ employeeId: employee!.id, lastName: 'Ахметова', firstName: 'Алия', held: 1, notHeld: 0, scheduled: 0, attendedMinutes: 25 }]);
    expect(body.totalMinutes).toBe(25);
    // Minutes only: no chat, report, level, tutor or subject.
    expect(text).not.toMatch(/КОНФИДЕНЦИАЛЬНО|СЕКРЕТНАЯ|Секретный|B1|english|covered|chat/);
    // Another company sees none of it; without the HR cookie: 401.
    expect(((await (await call(get, companyRequest('/api/company/lessons', { cookie: hrB.cookie }))).json()) as Body).employees).toEqual([]);
    expect((await call(get, companyRequest('/api/company/lessons'))).status).toBe(401);
    // A bad period: a 4xx, in the caller's language.
    expect((await call(get, companyRequest('/api/company/lessons?from=2026-02-30', { cookie: hrA.cookie }))).status).toBe(422);
    // Each look is audited.
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lesson.minutes'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});
