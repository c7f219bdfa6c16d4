import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, leadEvents, leads, staff, users } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type ListBody = { rows: { id: number; name: string; phone: string; status: string; assigneeName: string | null; utmSource: string | null; callback: { state: string } | null }[]; total: number; page: number };
type DetailBody = { lead: { id: number; phone: string; utmFirst: Record<string, string>; utmLast: Record<string, string>; status: string; lostReason: string | null; contactedAt: string | null; assigneeId: number | null; consentVersion: string | null }; account: { id: number } | null; history: { type: string; from: string | null; to: string | null; note: string | null; staffName: string | null }[] };

const almaty = (local: string) => new Date(`${local}:00+05:00`);

describe(`the leads calls: list, detail, pipeline, assignee, notes (${dbLabel()})`, () => {
  let t: OpenDb;
  let list: unknown, detail: unknown, status: unknown, assign: unknown, notes: unknown, duty: unknown;
  let sales: Awaited<ReturnType<typeof enrolledStaff>>;
  let other: Awaited<ReturnType<typeof enrolledStaff>>;
  let reviewer: Awaited<ReturnType<typeof enrolledStaff>>;
  let aigerim: number, ivan: number, old: number;

  const get = async <T,>(handler: unknown, path: string, params: Record<string, string> = {}, cookie = sales.cookie, locale = 'ru') => {
    const res = await call(handler, staffRequest(path, { cookie, locale }), params);
    return { status: res.status, body: (await res.json()) as T };
  };
  const post = async <T,>(handler: unknown, id: number, path: string, body: unknown, opts: { cookie?: string; locale?: string; method?: string } = {}) => {
    const res = await call(handler, staffRequest(`/api/admin/leads/${id}/${path}`, { body, cookie: opts.cookie ?? sales.cookie, locale: opts.locale, method: opts.method }), { id: String(id) });
    return { status: res.status, body: (await res.json()) as T };
  };
  const names = (b: ListBody) => b.rows.map((r) => r.name);

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    list = (await import('./route')).GET;
    detail = (await import('./[id]/route')).GET;
    status = (await import('./[id]/status/route')).POST;
    assign = (await import('./[id]/assign/route')).POST;
    notes = (await import('./[id]/notes/route')).POST;
    duty = (await import('../staff/me/duty/route')).PATCH;
    sales = await enrolledStaff(t.db, { email: 'dana@school.kz', scopes: ['sales'], name: 'Дана Ахметова' });
    other = await enrolledStaff(t.db, { email: 'erlan@school.kz', scopes: ['sales'], name: 'Ерлан Серікұлы' });
    reviewer = await enrolledStaff(t.db, { email: 'rev@school.kz', scopes: ['reviewer'] });
    const rows = await t.db
      .insert(leads)
      .values([
        { kind: 'callback', name: 'Айгерим Нұрланқызы', phone: '+77015551234', locale: 'kk', page: '/', utmFirst: { utm_source: 'instagram', utm_medium: 'stories' }, utmLast: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'autumn' }, consentVersion: '2025-01', consentAt: almaty('2026-03-03T10:00'), createdAt: almaty('2026-03-03T10:00'), callbackDueAt: almaty('2026-03-03T11:00') },
        { kind: 'feedback', name: 'Ivan Petrov', phone: '+77475550000', locale: 'en', page: '/student', utmFirst: { utm_source: 'google' }, utmLast: { utm_source: 'google' }, createdAt: almaty('2026-03-04T12:00'), assigneeId: other.id },
        { kind: 'quiz', name: 'Сәуле', phone: '+77055550099', locale: 'ru', page: '/stud-quiz', answers: { goal: 'IELTS', level: ['B1'] }, createdAt: almaty('2026-02-01T09:00') },
      ])
      .returning({ id: leads.id });
    [aigerim, ivan, old] = rows.map((r) => r.id) as [number, number, number];
    await t.db.insert(users).values({ role: 'student', scope: 'student', name: 'Айгерим', lastname: 'Нұрланқызы', phone: '+77015551234', passwordHash: 'x' });
  });
  afterAll(() => t.close());

  it('the list: newest first, phones masked, one lead.list audit row with the filter', async () => {
    const { status: code, body } = await get<ListBody>(list, '/api/admin/leads');
    expect(code).toBe(200);
    expect(names(body)).toEqual(['Ivan Petrov', 'Айгерим Нұрланқызы', 'Сәуле']);
    expect(body.rows.map((r) => r.phone)).toEqual(['+7 747 ••• •• 00', '+7 701 ••• •• 34', '+7 705 ••• •• 99']);
    expect(JSON.stringify(body)).not.toMatch(/5551234|5550000|5550099/);
    expect(body.rows[1]).toMatchObject({ utmSource: 'google', assigneeName: null, callback: { state: 'overdue' } });
    expect(body.rows[0]).toMatchObject({ assigneeName: 'Ерлан Серікұлы', callback: null });
    await get<ListBody>(list, '/api/admin/leads?kind=callback&q=айгерим');
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lead.list')).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ actorId: sales.id, entity: 'lead', after: { filter: { kind: 'callback', q: 'айгерим' }, total: 1 } });
  });

  it('search by phone in any usual form, or by name in any case', async () => {
    for (const q of ['+7 701 555 12 34', '87015551234', '8 (701) 555-12-34', '701 555 1234', '5551234']) {
      expect(names((await get<ListBody>(list, `/api/admin/leads?q=${encodeURIComponent(q)}`)).body), q).toEqual(['Айгерим Нұрланқызы']);
    }
    expect(names((await get<ListBody>(list, `/api/admin/leads?q=${encodeURIComponent('ivan')}`)).body)).toEqual(['Ivan Petrov']);
    expect(names((await get<ListBody>(list, `/api/admin/leads?q=${encodeURIComponent('САУЛЕ')}`)).body)).toEqual([]);
    expect(names((await get<ListBody>(list, `/api/admin/leads?q=${encodeURIComponent('сәуле')}`)).body)).toEqual(['Сәуле']);
  });

  it('filters: kind, status, assignee, dates (Almaty days), locale, page, utm by first or last touch; pages', async () => {
    const q = async (query: string) => names((await get<ListBody>(list, `/api/admin/leads?${query}`)).body);
    expect(await q('kind=quiz')).toEqual(['Сәуле']);
    expect(await q('status=new&kind=feedback')).toEqual(['Ivan Petrov']);
    expect(await q(`assignee=${other.id}`)).toEqual(['Ivan Petrov']);
    expect(await q('assignee=none')).toEqual(['Айгерим Нұрланқызы', 'Сәуле']);
    expect(await q('from=2026-03-03&to=2026-03-03')).toEqual(['Айгерим Нұрланқызы']);
    expect(await q('locale=en')).toEqual(['Ivan Petrov']);
    expect(await q('page_path=%2Fstud-quiz')).toEqual(['Сәуле']);
    expect(await q('utm_source=google')).toEqual(['Ivan Petrov', 'Айгерим Нұрланқызы']);
    expect(await q('utm_source=instagram&touch=first')).toEqual(['Айгерим Нұрланқызы']);
    expect(await q('utm_source=instagram')).toEqual([]);
    expect(await q('utm_campaign=autumn&utm_medium=cpc')).toEqual(['Айгерим Нұрланқызы']);
    const page2 = (await get<ListBody>(list, '/api/admin/leads?pageSize=2&page=2')).body;
    expect(page2).toMatchObject({ total: 3, page: 2 });
    expect(names(page2)).toEqual(['Сәуле']);
    const bad = await get<ErrorBody>(list, '/api/admin/leads?kind=spam&from=yesterday', {}, sales.cookie, 'en');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['from', 'kind']);
  });

  it('the detail: the phone whole, utm, consent, the account with the same phone; a lead.view audit row; 404s', async () => {
    const { status: code, body } = await get<DetailBody>(detail, `/api/admin/leads/${aigerim}`, { id: String(aigerim) });
    expect(code).toBe(200);
    expect(body.lead).toMatchObject({ phone: '+77015551234', utmFirst: { utm_source: 'instagram' }, utmLast: { utm_campaign: 'autumn' }, consentVersion: '2025-01' });
    expect(body.lead).not.toHaveProperty('ipHash');
    expect(body.account).toMatchObject({ id: expect.any(Number) });
    expect((await get<DetailBody>(detail, `/api/admin/leads/${ivan}`, { id: String(ivan) })).body.account).toBeNull();
    const views = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.view'), eq(auditLog.entityId, String(aigerim))));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ actorId: sales.id, entity: 'lead' });
    expect((await get<ErrorBody>(detail, '/api/admin/leads/999999', { id: '999999' })).status).toBe(404);
    expect((await get<ErrorBody>(detail, '/api/admin/leads/abc', { id: 'abc' })).status).toBe(404);
  });

  it('scope sales: a reviewer gets 403, nobody signed in 401, with the error shape', async () => {
    const forbidden = await get<ErrorBody>(list, '/api/admin/leads', {}, reviewer.cookie, 'en');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
    expect((await get<ErrorBody>(detail, `/api/admin/leads/${aigerim}`, { id: String(aigerim) }, reviewer.cookie)).status).toBe(403);
    expect((await post<ErrorBody>(status, aigerim, 'status', { status: 'contacted', expected: 'new' }, { cookie: reviewer.cookie })).status).toBe(403);
    expect((await post<ErrorBody>(notes, aigerim, 'notes', { text: 'x' }, { cookie: '' })).status).toBe(401);
  });

  it('the pipeline: moves with history and audit; contactedAt on the first move out of new; lost needs a reason; a stale move is 409', async () => {
    const moved = await post<{ status: string; contactedAt: string }>(status, aigerim, 'status', { status: 'contacted', expected: 'new' });
    expect(moved.status).toBe(200);
    const contactedAt = moved.body.contactedAt;
    expect(contactedAt).toBeTruthy();
    // A second manager whose page still shows "new".
    const stale = await post<ErrorBody>(status, aigerim, 'status', { status: 'lost', lostReason: 'no_answer', expected: 'new' }, { cookie: other.cookie, locale: 'kk' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const noReason = await post<ErrorBody>(status, aigerim, 'status', { status: 'lost', expected: 'contacted' }, { locale: 'en' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.fields?.lostReason).toBe('This is a required field');
    const badReason = await post<ErrorBody>(status, aigerim, 'status', { status: 'lost', lostReason: 'weather', expected: 'contacted' });
    expect(badReason.status).toBe(422);
    expect((await post(status, aigerim, 'status', { status: 'lost', lostReason: 'too_expensive', expected: 'contacted' })).status).toBe(200);
    // Reopened: the reason goes, the first contact stays.
    const reopened = await post<{ lostReason: string | null; contactedAt: string }>(status, aigerim, 'status', { status: 'contacted', expected: 'lost' });
    expect(reopened.body).toMatchObject({ lostReason: null, contactedAt });
    expect((await post(status, aigerim, 'status', { status: 'trial_scheduled', expected: 'contacted' })).status).toBe(200);
    const backwards = await post<ErrorBody>(status, aigerim, 'status', { status: 'new', expected: 'trial_scheduled' }, { locale: 'en' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.code).toBe('lead_move_invalid');
    expect((await post(status, aigerim, 'status', { status: 'won', expected: 'trial_scheduled' })).status).toBe(200);
    const same = await post<ErrorBody>(status, aigerim, 'status', { status: 'won', expected: 'won' });
    expect(same.status).toBe(422);

    const history = await t.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, aigerim), eq(leadEvents.type, 'status'))).orderBy(asc(leadEvents.id));
    expect(history.map((e) => [e.fromValue, e.toValue, e.note, e.staffId])).toEqual([
      ['new', 'contacted', null, sales.id],
      ['contacted', 'lost', 'too_expensive', sales.id],
      ['lost', 'contacted', null, sales.id],
      ['contacted', 'trial_scheduled', null, sales.id],
      ['trial_scheduled', 'won', null, sales.id],
    ]);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.status'), eq(auditLog.entityId, String(aigerim)))).orderBy(asc(auditLog.id));
    expect(audits).toHaveLength(5);
    expect(audits[1]).toMatchObject({ before: { status: 'contacted', lostReason: null }, after: { status: 'lost', lostReason: 'too_expensive' } });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, aigerim));
    expect(row).toMatchObject({ status: 'won', lostReason: null });
    expect(row!.contactedAt!.toISOString()).toBe(contactedAt);
    expect((await post<ErrorBody>(status, 999999, 'status', { status: 'contacted', expected: 'new' })).status).toBe(404);
  });

  it('the assignee: me, another sales member, nobody; someone who does not sell is refused; history with names', async () => {
    expect((await post<{ assigneeId: number }>(assign, old, 'assign', { assigneeId: 'me' })).body.assigneeId).toBe(sales.id);
    expect((await post(assign, old, 'assign', { assigneeId: other.id })).status).toBe(200);
    const refused = await post<ErrorBody>(assign, old, 'assign', { assigneeId: reviewer.id }, { locale: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields?.assigneeId).toBeTruthy();
    expect((await post(assign, old, 'assign', { assigneeId: null })).status).toBe(200);
    expect((await post<ErrorBody>(assign, old, 'assign', { assigneeId: 'everyone' })).status).toBe(422);
    const { body } = await get<DetailBody>(detail, `/api/admin/leads/${old}`, { id: String(old) });
    expect(body.history.filter((e) => e.type === 'assign').map((e) => [e.from, e.to, e.staffName])).toEqual([
      [null, 'Дана Ахметова', 'Дана Ахметова'],
      ['Дана Ахметова', 'Ерлан Серікұлы', 'Дана Ахметова'],
      ['Ерлан Серікұлы', null, 'Дана Ахметова'],
    ]);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.assign'), eq(auditLog.entityId, String(old))));
    expect(audits.map((a) => a.after)).toEqual([{ assigneeId: sales.id }, { assigneeId: other.id }, { assigneeId: null }]);
  });

  it('notes: up to 2000 characters, in the history with who wrote them; empty or too long refused', async () => {
    expect((await post(notes, ivan, 'notes', { text: '  Перезвонить в четверг после 18:00  ' })).status).toBe(201);
    expect((await post<ErrorBody>(notes, ivan, 'notes', { text: '   ' }, { locale: 'en' })).body.error.fields?.text).toBe('This is a required field');
    expect((await post<ErrorBody>(notes, ivan, 'notes', { text: 'x'.repeat(2001) })).status).toBe(422);
    expect((await post(notes, ivan, 'notes', { text: 'x'.repeat(2000) })).status).toBe(201);
    // A stray control character pasted in (the database refuses NUL) is dropped, not a failure.
    expect((await post(notes, old, 'notes', { text: 'до\u0000говорились\nна среду' })).status).toBe(201);
    const [pasted] = await t.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, old), eq(leadEvents.type, 'note')));
    expect(pasted!.note).toBe('договорились\nна среду');
    const { body } = await get<DetailBody>(detail, `/api/admin/leads/${ivan}`, { id: String(ivan) });
    expect(body.history.filter((e) => e.type === 'note').map((e) => [e.note?.length, e.staffName])).toEqual([
      [33, 'Дана Ахметова'],
      [2000, 'Дана Ахметова'],
    ]);
    expect(body.history[0]!.note).toBe('Перезвонить в четверг после 18:00');
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.note'), eq(auditLog.entityId, String(ivan))))).toHaveLength(2);
  });

  it('a sales member toggles their own duty (audit-logged)', async () => {
    const res = await call(duty, staffRequest('/api/admin/staff/me/duty', { method: 'PATCH', body: { onDuty: false }, cookie: sales.cookie }));
    expect(res.status).toBe(200);
    const [me] = await t.db.select().from(staff).where(eq(staff.id, sales.id));
    expect(me!.onDuty).toBe(false);
    expect((await call(duty, staffRequest('/api/admin/staff/me/duty', { method: 'PATCH', body: { onDuty: 'yes' }, cookie: sales.cookie }))).status).toBe(422);
    expect((await call(duty, staffRequest('/api/admin/staff/me/duty', { method: 'PATCH', body: { onDuty: true }, cookie: reviewer.cookie }))).status).toBe(403);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.duty'), eq(auditLog.actorId, sales.id)))).toHaveLength(1);
  });
});
