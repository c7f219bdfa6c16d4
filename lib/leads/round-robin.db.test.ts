import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { leadEvents, leads, outbox, staff } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createLead } from '@/lib/leads/intake/create';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { enrolledStaff } from '@/test/staff';

const ctx = { locale: 'ru', utmFirst: {}, utmLast: {}, staffEmail: 'sales@tilmen.kz' };
const almaty = (local: string) => new Date(`${local}:00+05:00`);
let n = 0;
const lead = (kind: 'callback' | 'feedback' = 'callback') => ({ kind, name: `Лид ${++n}`, phone: `+7701700${String(n).padStart(4, '0')}`, page: '/', consent: CONSENT_VERSION }) as const;

describe(`new leads: round-robin among sales on duty, the callback deadline (${dbLabel()})`, () => {
  let t: OpenDb;
  let a: number, b: number, off: number;
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    a = (await enrolledStaff(t.db, { email: 'a@school.kz', scopes: ['sales'] })).id;
    b = (await enrolledStaff(t.db, { email: 'b@school.kz', scopes: ['sales', 'reviewer'] })).id;
    off = (await enrolledStaff(t.db, { email: 'off@school.kz', scopes: ['sales'] })).id;
    await t.db.update(staff).set({ onDuty: false }).where(eq(staff.id, off));
    // On duty but not selling: never in the rotation.
    await enrolledStaff(t.db, { email: 'reviewer@school.kz', scopes: ['reviewer'] });
    await enrolledStaff(t.db, { email: 'boss@school.kz', scopes: ['admin'] });
  });
  afterAll(() => t.close());

  it('three leads, two on duty: they alternate, each assignment in the history as automatic', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createLead(t.db, lead(), ctx, new Date(Date.now() + i * 1000))).id);
    const rows = await t.db.select({ id: leads.id, assigneeId: leads.assigneeId }).from(leads).where(inArray(leads.id, ids)).orderBy(asc(leads.id));
    expect(rows.map((r) => r.assigneeId)).toEqual([a, b, a]);
    const events = await t.db.select().from(leadEvents).where(inArray(leadEvents.leadId, ids)).orderBy(asc(leadEvents.id));
    expect(events.map((e) => [e.type, e.staffId, e.toValue])).toEqual([
      ['assign', null, String(a)],
      ['assign', null, String(b)],
      ['assign', null, String(a)],
    ]);
    // The manager a lead goes to is told, with the link to it (journey B: only the shared inbox was).
    const toA = await t.db.select().from(outbox).where(and(eq(outbox.recipient, 'a@school.kz'), eq(outbox.channel, 'email')));
    expect(toA).toHaveLength(2);
    expect(toA[0]!.subject).toBe(`[Tilmen] Вам передана заявка №${ids[0]}: Обратный звонок`);
    expect(toA[0]!.body).toContain(`/admin/leads/${ids[0]}`);
  });

  it('nobody on duty: the lead is stored (with its staff e-mail) and stays unassigned', async () => {
    await t.db.update(staff).set({ onDuty: false }).where(inArray(staff.id, [a, b]));
    const { id } = await createLead(t.db, lead('feedback'), ctx);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ status: 'new', assigneeId: null, kind: 'feedback' });
    expect(await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toHaveLength(0);
    await t.db.update(staff).set({ onDuty: true }).where(inArray(staff.id, [a, b]));
  });

  it('a callback is due one working hour after it came in (Friday 18:30 → Saturday 10:30 with the default hours); other leads have no deadline', async () => {
    const friday = almaty('2026-03-06T18:30');
    const { id } = await createLead(t.db, lead('callback'), ctx, friday);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
    expect(row!.createdAt.toISOString()).toBe(friday.toISOString());
    expect(row!.callbackDueAt!.toISOString()).toBe(almaty('2026-03-07T10:30').toISOString());
    const night = await createLead(t.db, lead('callback'), ctx, almaty('2026-03-03T23:00'));
    const [late] = await t.db.select().from(leads).where(eq(leads.id, night.id));
    expect(late!.callbackDueAt!.toISOString()).toBe(almaty('2026-03-04T10:00').toISOString());
    const other = await createLead(t.db, lead('feedback'), ctx, friday);
    const [feedback] = await t.db.select().from(leads).where(eq(leads.id, other.id));
    expect(feedback!.callbackDueAt).toBeNull();
  });

  it('a failing assignment never costs the lead: it is stored unassigned', async () => {
    const assign = await import('./assign');
    const spy = vi.spyOn(assign, 'autoAssign').mockRejectedValueOnce(new Error('database hiccup'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { id } = await createLead(t.db, lead(), ctx);
      const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
      expect(row).toMatchObject({ assigneeId: null, status: 'new' });
      expect(error).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      error.mockRestore();
    }
  });
});
