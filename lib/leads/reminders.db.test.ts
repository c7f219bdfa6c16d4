import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outbox, staff } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { enrolledStaff } from '@/test/staff';
import { callbackPromiseShare } from './promise';
import { remindCallbacks } from './reminders';
import { callbackDueAt } from './working-time';

const almaty = (local: string) => new Date(`${local}:00+05:00`);
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);
let n = 0;

/** A lead as the site stores it, at a given time. */
async function insertLead(db: Db, opts: { kind?: string; createdAt: Date; assigneeId?: number | null; status?: 'new' | 'contacted'; contactedAt?: Date | null }) {
  const kind = opts.kind ?? 'callback';
  const [row] = await db
    .insert(leads)
    .values({
      kind,
      name: `Клиент ${++n}`,
      phone: `+7702800${String(n).padStart(4, '0')}`,
      locale: 'ru',
      page: '/',
      createdAt: opts.createdAt,
      callbackDueAt: kind === 'callback' ? callbackDueAt(opts.createdAt) : null,
      assigneeId: opts.assigneeId ?? null,
      status: opts.status ?? 'new',
      contactedAt: opts.contactedAt ?? null,
    })
    .returning();
  return row!;
}

const mailsFor = (db: Db, since: number) => db.select().from(outbox).where(eq(outbox.channel, 'email')).then((rows) => rows.filter((r) => r.id > since));
const lastOutboxId = async (db: Db) => (await db.select({ id: outbox.id }).from(outbox)).reduce((m, r) => Math.max(m, r.id), 0);

describe(`the 45-minute callback reminder and the promise metric (${dbLabel()})`, () => {
  let t: OpenDb;
  let kk: number, en: number, offDuty: number;
  beforeAll(async () => {
    t = await createTestDb();
    setAppDb(t);
    kk = (await enrolledStaff(t.db, { email: 'aliya@school.kz', scopes: ['sales'] })).id;
    en = (await enrolledStaff(t.db, { email: 'john@school.kz', scopes: ['sales'] })).id;
    offDuty = (await enrolledStaff(t.db, { email: 'off@school.kz', scopes: ['sales'] })).id;
    await enrolledStaff(t.db, { email: 'rev@school.kz', scopes: ['reviewer'] });
    await t.db.update(staff).set({ locale: 'kk' }).where(eq(staff.id, kk));
    await t.db.update(staff).set({ locale: 'en' }).where(eq(staff.id, en));
    await t.db.update(staff).set({ onDuty: false, locale: 'ru' }).where(eq(staff.id, offDuty));
  });
  afterAll(() => t.close());

  it('an unassigned callback still new after 45 working minutes: every sales member on duty, in their language, with the link and not the phone; once', async () => {
    const came = almaty('2026-03-03T10:00'); // a Tuesday
    const lead = await insertLead(t.db, { createdAt: came });
    const before = await lastOutboxId(t.db);
    expect(await remindCallbacks(t.db, minutes(came, 44))).toEqual([]);
    expect(await remindCallbacks(t.db, minutes(came, 46))).toEqual([lead.id]);
    const mails = await mailsFor(t.db, before);
    expect(mails.map((m) => m.recipient).sort()).toEqual(['aliya@school.kz', 'john@school.kz']);
    const kazakh = mails.find((m) => m.recipient === 'aliya@school.kz')!;
    expect(kazakh.subject).toContain(`№${lead.id} кері қоңырау`);
    expect(kazakh.body).toContain(`/kk/admin/leads/${lead.id}`);
    const english = mails.find((m) => m.recipient === 'john@school.kz')!;
    expect(english.subject).toBe(`[Tilmen] Callback #${lead.id} is still waiting`);
    expect(english.body).toMatch(new RegExp(`/en/admin/leads/${lead.id}$`, 'm'));
    for (const m of mails) {
      expect(m.body).not.toContain(lead.phone.slice(-7));
      expect(m.body).not.toContain(lead.name);
    }
    // Once per lead, however often the pass runs.
    expect(await remindCallbacks(t.db, minutes(came, 50))).toEqual([]);
    expect(await mailsFor(t.db, before)).toHaveLength(2);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.remindedAt!.toISOString()).toBe(minutes(came, 46).toISOString());
  });

  it('an assigned callback reminds its assignee only (even off duty); contacted ones and other kinds never', async () => {
    const came = almaty('2026-03-04T15:00');
    const mine = await insertLead(t.db, { createdAt: came, assigneeId: offDuty });
    const called = await insertLead(t.db, { createdAt: came, status: 'contacted', contactedAt: minutes(came, 10) });
    const feedback = await insertLead(t.db, { createdAt: came, kind: 'feedback' });
    const before = await lastOutboxId(t.db);
    expect(await remindCallbacks(t.db, minutes(came, 120))).toEqual([mine.id]);
    const mails = await mailsFor(t.db, before);
    expect(mails.map((m) => m.recipient)).toEqual(['off@school.kz']);
    expect(mails[0]!.subject).toBe(`[Tilmen] Обратный звонок №${mine.id} ещё ждёт`);
    const rows = await t.db.select().from(leads).where(inArray(leads.id, [called.id, feedback.id]));
    expect(rows.every((r) => r.remindedAt === null)).toBe(true);
  });

  it('45 minutes are working minutes: a callback sent at 23:00 waits for the morning', async () => {
    const came = almaty('2026-03-05T23:00'); // Thursday night; Friday opens at 09:00
    const lead = await insertLead(t.db, { createdAt: came });
    expect(await remindCallbacks(t.db, almaty('2026-03-06T09:40'))).toEqual([]);
    expect(await remindCallbacks(t.db, almaty('2026-03-06T09:46'))).toEqual([lead.id]);
  });

  it('callbackPromiseShare: called by the deadline ÷ callbacks whose deadline has come (still new and past due is missed)', async () => {
    const fresh = await createTestDb();
    try {
      const now = almaty('2026-04-15T12:00'); // a Wednesday
      const came = almaty('2026-04-14T10:00');
      const due = callbackDueAt(came);
      await insertLead(fresh.db, { createdAt: came, status: 'contacted', contactedAt: minutes(came, 20) }); // in time
      await insertLead(fresh.db, { createdAt: came, status: 'contacted', contactedAt: minutes(due, 1) }); // late
      await insertLead(fresh.db, { createdAt: came }); // still new, past due: missed
      await insertLead(fresh.db, { createdAt: minutes(now, -10) }); // still within its hour: not counted yet
      await insertLead(fresh.db, { createdAt: came, kind: 'feedback', status: 'contacted', contactedAt: came }); // not a callback
      await insertLead(fresh.db, { createdAt: almaty('2026-03-01T10:00'), status: 'contacted', contactedAt: almaty('2026-03-01T10:05') }); // 45 days ago
      expect(await callbackPromiseShare(fresh.db, 7, now)).toEqual({ total: 3, inTime: 1, share: 1 / 3 });
      expect(await callbackPromiseShare(fresh.db, 60, now)).toEqual({ total: 4, inTime: 2, share: 0.5 });
      expect(await callbackPromiseShare(fresh.db, 7, almaty('2027-01-01T00:00'))).toEqual({ total: 0, inTime: 0, share: null });
    } finally {
      await fresh.close();
    }
  });
});
