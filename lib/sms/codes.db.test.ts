import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, rateLimits, securityEvents, smsCodes, users } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { budgetSpent, issueCode, smsConversion, verifyCode, type CheckedIssueResult, type IssueResult, type SmsPurpose } from './codes';
import { codeInBody } from '@/lib/outbox/sms-code';

const at = (iso: string, plusSeconds = 0) => new Date(new Date(iso).getTime() + plusSeconds * 1000);
let ipSeq = 0;
const freshIp = () => `ip-hash-${++ipSeq}`;
/** A code that is certainly not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`SMS codes (${dbLabel()})`, () => {
  const t = useTestDb();

  async function issue(phone: string, purpose: SmsPurpose, now: Date, extra: { ip?: string; dailyBudget?: number; locale?: 'ru' | 'kk' | 'en' } = {}) {
    return issueCode(t.db, { phone, purpose, ipHash: extra.ip ?? freshIp(), now, locale: extra.locale, dailyBudget: extra.dailyBudget });
  }
  async function codeOf(result: IssueResult | CheckedIssueResult): Promise<string> {
    if (!result.ok) throw new Error(`not issued: ${result.reason}`);
    if (result.outboxId === null) throw new Error('no SMS was queued');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, result.outboxId));
    return codeInBody(row!.body)!;
  }
  async function tableCounts() {
    const c = async (table: typeof outbox | typeof smsCodes | typeof rateLimits | typeof securityEvents) =>
      Number((await t.db.select({ n: count() }).from(table))[0]!.n);
    return { outbox: await c(outbox), codes: await c(smsCodes), limits: await c(rateLimits), events: await c(securityEvents) };
  }

  it('stores only a keyed hash, queues the SMS in the visitor language and records the send without the code', async () => {
    const now = at('2030-01-10T09:00:00Z');
    const r = await issue('8 701 100 00 01', 'register', now, { locale: 'kk' });
    expect(r).toMatchObject({ ok: true, phone: '+77011000001', resendAfter: 60, expiresIn: 300 });
    const code = await codeOf(r);
    expect(code).toMatch(/^\d{6}$/);
    const [msg] = await t.db.select().from(outbox).where(eq(outbox.id, (r as { outboxId: number }).outboxId));
    expect(msg).toMatchObject({ channel: 'sms', recipient: '+77011000001', status: 'pending' });
    expect(msg!.body).toBe(`Tilmen: сіздің кодыңыз ${code}. Оны ешкімге айтпаңыз.`);
    const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, '+77011000001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'register', attempts: 0, usedAt: null, supersededAt: null });
    expect(rows[0]!.codeHash).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - now.getTime()).toBe(300_000);
    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.type, 'sms_sent'));
    expect(events.at(-1)).toMatchObject({ detail: { purpose: 'register' } });
    expect(JSON.stringify(events)).not.toContain(code);

    const en = await codeOf(await issue('+7 701 100 00 02', 'reset', now, { locale: 'en' }));
    const ru = await codeOf(await issue('+7 701 100 00 03', 'lesson', now));
    const bodies = await t.db.select({ b: outbox.body }).from(outbox).orderBy(desc(outbox.id)).limit(2);
    expect(bodies.map((x) => x.b)).toEqual([
      `Tilmen: ваш код ${ru}. Никому его не сообщайте.`,
      `Tilmen: your code ${en}. Do not share it with anyone.`,
    ]);
  });

  it('accepts a code for 5 minutes only', async () => {
    const now = at('2030-01-10T10:00:00Z');
    const a = await codeOf(await issue('+7 701 200 00 01', 'register', now));
    expect(await verifyCode(t.db, { phone: '+77012000001', purpose: 'register', code: a, now: at('2030-01-10T10:00:00Z', 299) })).toEqual({
      status: 'ok',
    });
    const b = await codeOf(await issue('+7 701 200 00 02', 'register', now));
    expect(await verifyCode(t.db, { phone: '+77012000002', purpose: 'register', code: b, now: at('2030-01-10T10:00:00Z', 300) })).toEqual({
      status: 'expired',
    });
  });

  it('kills a code after 5 wrong entries, even for the right code afterwards', async () => {
    const now = at('2030-01-10T11:00:00Z');
    const code = await codeOf(await issue('+7 701 300 00 01', 'register', now));
    const left = [];
    for (let i = 0; i < 5; i++) {
      const r = await verifyCode(t.db, { phone: '+77013000001', purpose: 'register', code: i === 2 ? 'abcdef' : other(code), now });
      left.push(r.status === 'wrong' ? r.attemptsLeft : r.status);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect(await verifyCode(t.db, { phone: '+77013000001', purpose: 'register', code, now })).toEqual({ status: 'dead' });
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, '+77013000001'));
    expect(row).toMatchObject({ attempts: 5, usedAt: null });
  });

  it('accepts a code once', async () => {
    const now = at('2030-01-10T12:00:00Z');
    const code = await codeOf(await issue('+7 701 400 00 01', 'reset', now));
    expect(await verifyCode(t.db, { phone: '87014000001', purpose: 'reset', code: ` ${code} `, now })).toEqual({ status: 'ok' });
    expect(await verifyCode(t.db, { phone: '+77014000001', purpose: 'reset', code, now })).toEqual({ status: 'none' });
  });

  it('a new code supersedes the previous one for that phone and purpose', async () => {
    const now = at('2030-01-10T13:00:00Z');
    const first = await codeOf(await issue('+7 701 500 00 01', 'register', now));
    const second = await codeOf(await issue('+7 701 500 00 01', 'register', at('2030-01-10T13:00:00Z', 61)));
    const later = at('2030-01-10T13:00:00Z', 70);
    const old = await verifyCode(t.db, { phone: '+77015000001', purpose: 'register', code: first, now: later });
    expect(old.status).toBe(first === second ? 'ok' : 'wrong');
    if (first !== second) expect(await verifyCode(t.db, { phone: '+77015000001', purpose: 'register', code: second, now: later })).toEqual({ status: 'ok' });
    const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, '+77015000001')).orderBy(smsCodes.id);
    expect(rows[0]!.supersededAt).not.toBeNull();
    expect(rows[1]!.supersededAt).toBeNull();
  });

  it('binds a code to its purpose and its phone', async () => {
    const now = at('2030-01-10T14:00:00Z');
    const reg = await codeOf(await issue('+7 701 600 00 01', 'register', now));
    expect(await verifyCode(t.db, { phone: '+77016000001', purpose: 'reset', code: reg, now })).toEqual({ status: 'none' });
    expect(await verifyCode(t.db, { phone: '+77016000002', purpose: 'register', code: reg, now })).toEqual({ status: 'none' });
    // A reset code for the same phone does not supersede the registration code.
    const reset = await codeOf(await issue('+7 701 600 00 01', 'reset', at('2030-01-10T14:00:00Z', 60)));
    const later = at('2030-01-10T14:00:00Z', 61);
    if (reset !== reg) {
      expect((await verifyCode(t.db, { phone: '+77016000001', purpose: 'reset', code: reg, now: later })).status).toBe('wrong');
    }
    expect(await verifyCode(t.db, { phone: '+77016000001', purpose: 'register', code: reg, now: later })).toEqual({ status: 'ok' });
    expect(await verifyCode(t.db, { phone: '+77016000001', purpose: 'reset', code: reset, now: later })).toEqual({ status: 'ok' });
  });

  it('keeps 60 s between sends to one phone, whatever the purpose', async () => {
    const base = '2030-01-10T15:00:00Z';
    expect((await issue('+7 701 700 00 01', 'register', at(base))).ok).toBe(true);
    expect(await issue('+7 701 700 00 01', 'register', at(base, 30))).toEqual({ ok: false, reason: 'too_soon', retryAfter: 30 });
    expect(await issue('+7 701 700 00 01', 'reset', at(base, 59))).toEqual({ ok: false, reason: 'too_soon', retryAfter: 1 });
    expect((await issue('+7 701 700 00 01', 'reset', at(base, 60))).ok).toBe(true);
  });

  it('sends at most 5 codes per phone in 10 minutes, then backs off: 10 min, 30 min, 1 h', async () => {
    const base = '2030-01-11T08:00:00Z';
    const phone = '+7 701 800 00 01';
    for (let i = 0; i < 5; i++) expect((await issue(phone, 'register', at(base, i * 60))).ok).toBe(true);
    // The 6th waits 10 minutes after the 5th (sent at +240 s).
    expect(await issue(phone, 'register', at(base, 300))).toEqual({ ok: false, reason: 'too_soon', retryAfter: 540 });
    expect(await issue(phone, 'register', at(base, 839))).toEqual({ ok: false, reason: 'too_soon', retryAfter: 1 });
    expect(await issue(phone, 'register', at(base, 840))).toMatchObject({ ok: true, resendAfter: 1800 });
    // The 7th waits 30 minutes after the 6th.
    expect(await issue(phone, 'register', at(base, 840 + 600))).toEqual({ ok: false, reason: 'too_soon', retryAfter: 1200 });
    expect(await issue(phone, 'register', at(base, 840 + 1800))).toMatchObject({ ok: true, resendAfter: 3600 });
    // The 8th and later wait an hour.
    expect(await issue(phone, 'register', at(base, 2640 + 1800))).toEqual({ ok: false, reason: 'too_soon', retryAfter: 1800 });
    expect((await issue(phone, 'register', at(base, 2640 + 3600))).ok).toBe(true);
    // A day later the phone starts afresh.
    expect(await issue(phone, 'register', at(base, 86_400 + 6240 + 1))).toMatchObject({ ok: true, resendAfter: 60 });
  });

  it('caps sends per IP per hour', async () => {
    const base = '2030-01-12T08:00:00Z';
    const ip = freshIp();
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await issue(`+7 702 ${100 + i} 00 01`, 'register', at(base, i), { ip }));
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results[10]).toEqual({ ok: false, reason: 'ip_limit', retryAfter: 3600 - 10 });
    expect((await issue('+7 702 111 00 01', 'register', at(base, 11))).ok).toBe(true);
    expect((await issue('+7 702 112 00 01', 'register', at(base, 3600), { ip })).ok).toBe(true);
  });

  it('caps sends per number prefix (all but the last 4 digits) per hour', async () => {
    const base = '2030-01-13T08:00:00Z';
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await issue(`+7 705 999 ${String(1000 + i).slice(0, 2)} ${String(1000 + i).slice(2)}`, 'register', at(base, i)));
    expect(results.slice(0, 20).every((r) => r.ok)).toBe(true);
    expect(results[20]).toMatchObject({ ok: false, reason: 'prefix_limit' });
    expect((await issue('+7 705 998 10 21', 'register', at(base, 30))).ok).toBe(true);
  });

  it('stops at the global daily budget until the next day; a refusal spends nothing', async () => {
    const base = '2031-01-01T20:00:00Z';
    const budget = { dailyBudget: 3 };
    expect((await issue('+7 707 100 00 01', 'register', at(base), budget)).ok).toBe(true);
    // Refused by the phone gap: rolled back, so it takes no share of the budget.
    expect((await issue('+7 707 100 00 01', 'register', at(base, 1), budget)).ok).toBe(false);
    expect((await issue('+7 707 200 00 01', 'register', at(base, 2), budget)).ok).toBe(true);
    expect((await issue('+7 707 300 00 01', 'register', at(base, 3), budget)).ok).toBe(true);
    expect(await issue('+7 707 400 00 01', 'register', at(base, 4), budget)).toEqual({ ok: false, reason: 'daily_budget', retryAfter: 4 * 3600 - 4 });
    const [day] = await t.db.select().from(rateLimits).where(and(eq(rateLimits.key, 'sms:budget:day'), eq(rateLimits.windowStart, at('2031-01-01T00:00:00Z'))));
    expect(day!.count).toBe(3);
    expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, '+77074000001'))).toHaveLength(0);
    expect((await issue('+7 707 400 00 01', 'register', at('2031-01-02T00:00:01Z'), budget)).ok).toBe(true);
  });

  const account = (phone: string) => t.db.insert(users).values({ role: 'student', name: 'Дана', lastname: 'Нұрланова', phone, passwordHash: 'x' });
  const checked = (phone: string, purpose: SmsPurpose, now: Date, budgets: { dailyBudget: number; resetBudget: number }) =>
    issueCode(t.db, { phone, purpose, ipHash: freshIp(), now, ...budgets, checkAccount: true });

  it('a reset for an existing account draws on its own budget: it gets its code when the main budget is spent', async () => {
    const base = '2031-02-01T08:00:00Z';
    const budgets = { dailyBudget: 2, resetBudget: 2 };
    await account('+77081110001');
    expect((await checked('+7 708 111 00 10', 'register', at(base), budgets)).ok).toBe(true);
    expect((await checked('+7 708 111 00 11', 'lesson', at(base, 1), budgets)).ok).toBe(true);
    expect(await checked('+7 708 111 00 12', 'register', at(base, 2), budgets)).toMatchObject({ ok: false, reason: 'daily_budget' });
    const reset = await checked('+7 708 111 00 01', 'reset', at(base, 3), budgets);
    expect(reset).toMatchObject({ ok: true, resendAfter: 60, expiresIn: 300 });
    const code = await codeOf(reset);
    expect(await verifyCode(t.db, { phone: '+77081110001', purpose: 'reset', code, now: at(base, 10) })).toEqual({ status: 'ok' });
    expect(await budgetSpent(t.db, 'main', at(base))).toBe(2);
    expect(await budgetSpent(t.db, 'reset', at(base))).toBe(1);
    // Registration and lesson codes still count against the main budget only.
    expect(await checked('+7 708 111 00 13', 'lesson', at(base, 4), budgets)).toMatchObject({ ok: false, reason: 'daily_budget' });
  });

  it('a reset for a phone without an account queues no SMS, spends no budget and verifies as wrong, like any wrong code', async () => {
    const base = '2031-02-02T08:00:00Z';
    const budgets = { dailyBudget: 5, resetBudget: 1 };
    await account('+77082220001');
    const before = await tableCounts();
    const unknown = await checked('+7 708 222 00 02', 'reset', at(base), budgets);
    expect(unknown).toEqual({ ok: true, phone: '+77082220002', outboxId: null, suppressed: true, resendAfter: 60, expiresIn: 300 });
    const after = await tableCounts();
    expect(after.outbox).toBe(before.outbox);
    expect(after.codes).toBe(before.codes + 1);
    expect(await budgetSpent(t.db, 'reset', at(base))).toBe(0);
    expect(await budgetSpent(t.db, 'main', at(base))).toBe(0);
    const [event] = await t.db.select().from(securityEvents).where(eq(securityEvents.type, 'sms_suppressed'));
    expect(event).toMatchObject({ detail: { purpose: 'reset', reason: 'no_account' } });
    for (const guess of ['000000', '123456', '999999']) {
      expect((await verifyCode(t.db, { phone: '+77082220002', purpose: 'reset', code: guess, now: at(base, 5) })).status).toBe('wrong');
    }
    // The phone's history holds it like a real send.
    expect(await checked('+7 708 222 00 02', 'reset', at(base, 30), budgets)).toEqual({ ok: false, reason: 'too_soon', retryAfter: 30 });
    // The known phone spends the reset budget (1); after that both are refused alike.
    expect((await checked('+7 708 222 00 01', 'reset', at(base, 1), budgets)).ok).toBe(true);
    const known = await checked('+7 708 222 00 01', 'reset', at(base, 61), budgets);
    expect(known).toEqual({ ok: false, reason: 'daily_budget', retryAfter: 86_400 - 8 * 3600 - 61 });
    expect(await checked('+7 708 222 00 02', 'reset', at(base, 61), budgets)).toEqual(known);
  });

  it('refuses numbers that are not Kazakh mobiles before storing or queueing anything', async () => {
    const before = await tableCounts();
    const now = at('2030-01-14T08:00:00Z');
    expect(await issue('+7 912 123 45 67', 'register', now)).toEqual({ ok: false, reason: 'not_kz_mobile' });
    expect(await issue('8 727 350 50 50', 'register', now)).toEqual({ ok: false, reason: 'not_kz_mobile' });
    expect(await issue('+1 202 555 0100', 'register', now)).toEqual({ ok: false, reason: 'invalid_phone' });
    expect(await issue('+44 7700 900123', 'reset', now)).toEqual({ ok: false, reason: 'invalid_phone' });
    expect(await issue('hello', 'reset', now)).toEqual({ ok: false, reason: 'invalid_phone' });
    expect(await tableCounts()).toEqual(before);
  });

  it('parallel sends to one phone: exactly one code; parallel right entries: accepted once', async () => {
    const now = at('2030-01-15T08:00:00Z');
    const results = await Promise.all(Array.from({ length: 6 }, () => issue('+7 747 100 00 01', 'register', now)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'too_soon')).toHaveLength(5);
    const code = await codeOf(results.find((r) => r.ok)!);
    const checks = await Promise.all(Array.from({ length: 6 }, () => verifyCode(t.db, { phone: '+77471000001', purpose: 'register', code, now })));
    expect(checks.filter((c) => c.status === 'ok')).toHaveLength(1);
    expect(checks.filter((c) => c.status === 'none')).toHaveLength(5);
  });

  it('records conversion: codes verified ÷ codes sent', async () => {
    const base = '2032-05-01T08:00:00Z';
    const a = await codeOf(await issue('+7 771 100 00 01', 'register', at(base)));
    await issue('+7 771 100 00 02', 'register', at(base, 5));
    expect((await verifyCode(t.db, { phone: '+77711000001', purpose: 'register', code: a, now: at(base, 30), ipHash: 'h' })).status).toBe('ok');
    expect(await smsConversion(t.db, at(base), at(base, 3600))).toEqual({ sent: 2, verified: 1, rate: 0.5 });
    expect(await smsConversion(t.db, at('2033-01-01T00:00:00Z'))).toEqual({ sent: 0, verified: 0, rate: null });
  });
});
