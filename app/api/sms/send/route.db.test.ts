import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, rateLimits, securityEvents, smsCodes, users } from '@/lib/db/schema';
import { codeInBody } from '@/lib/outbox/sms-code';
import { dbLabel, useTestDb } from '@/test/db';
import { clockStandsStill, jsonRequest } from '@/test/http';
import { POST } from './route';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function snapshot(res: Response) {
  return {
    status: res.status,
    body: await res.text(),
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    retryAfter: res.headers.get('retry-after'),
  };
}

describe(`POST /api/sms/send (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  beforeAll(async () => {
    // The log driver prints each code (development); keep the test output readable.
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });

  const send = (body: unknown, opts: { locale?: string; ip?: string } = {}) => POST(jsonRequest('/api/sms/send', body, opts));

  it('202: queues the code in the request language', async () => {
    const res = await send({ phone: '8 (701) 777 10 01', purpose: 'register' }, { locale: 'en-US,en;q=0.9' });
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ sent: true, resendAfter: 60, expiresIn: 300 });
    const [msg] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+77017771001'));
    expect(msg!.channel).toBe('sms');
    expect(msg!.body).toMatch(/^Tilmen: your code (\d{6}|\*{6})\. Do not share it with anyone\.$/);
    const [code] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, '+77017771001'));
    expect(code).toMatchObject({ purpose: 'register', attempts: 0 });
  });

  it('answers alike whether or not an account exists for the phone', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const cases = [
      ['register', '+77017772001', '+77017773001'],
      ['reset', '+77017774001', '+77017775001'],
      ['lesson', '+77017776001', '+77017777001'],
    ] as const;
    for (const [purpose, withAccount, without] of cases) {
      await t.db.insert(users).values({ role: 'student', name: 'Айгүл', lastname: 'Серікова', phone: withAccount, passwordHash: 'x' });
      const phones = [withAccount, without];
      const first = await Promise.all(phones.map(async (phone) => snapshot(await send({ phone, purpose }))));
      expect(first[0]!.status).toBe(202);
      expect(first[1]).toEqual(first[0]);
      // The next request, too soon, is refused alike.
      const again = await Promise.all(phones.map(async (phone) => snapshot(await send({ phone, purpose }))));
      expect(again[0]!.status).toBe(429);
      expect(again[0]!.retryAfter).toMatch(/^(59|60)$/);
      expect(again[1]).toEqual(again[0]);
    }
  });

  it('refuses a number that is not a Kazakh mobile with a field message, in kk, en and ru, storing nothing', async () => {
    const rows = async () =>
      [
        Number((await t.db.select({ n: count() }).from(smsCodes))[0]!.n),
        Number((await t.db.select({ n: count() }).from(outbox))[0]!.n),
        Number((await t.db.select({ n: count() }).from(rateLimits))[0]!.n),
        Number((await t.db.select({ n: count() }).from(securityEvents))[0]!.n),
      ] as const;
    const before = await rows();
    const expected = {
      kk: ['Өрістердің дұрыс толтырылғанын тексеріңіз.', 'Бұл қазақстандық ұялы нөмір емес. Қазақстан операторының нөмірін көрсетіңіз (+7 7XX…)'],
      en: ['Please check the fields.', 'This is not a Kazakhstan mobile number. Please use a number of a Kazakhstan operator (+7 7XX…)'],
      ru: ['Проверьте правильность заполнения полей.', 'Это не казахстанский мобильный номер. Укажите номер казахстанского оператора (+7 7XX…)'],
    };
    for (const [locale, [message, field]] of Object.entries(expected)) {
      const res = await send({ phone: '+7 912 123 45 67', purpose: 'register' }, { locale });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: { code: 'validation_failed', message, fields: { phone: field } } });
    }
    const bad = (await (await send({ phone: '+1 202 555 0100', purpose: 'nope' }, { locale: 'en' })).json()) as ErrorBody;
    expect(bad.error.fields).toEqual({ phone: 'Enter a phone number as +7 7XX XXX XX XX', purpose: 'This value is not allowed' });
    expect(await rows()).toEqual(before);
  });

  it('429 with Retry-After and a translated message when sent again too soon', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const body = { phone: '+7 747 777 40 01', purpose: 'reset' };
    expect((await send(body)).status).toBe(202);
    const messages: Record<string, string> = {
      ru: 'Код уже отправлен. Новый код можно будет запросить немного позже.',
      kk: 'Код жіберілді. Жаңа кодты сәл кейінірек сұрай аласыз.',
      en: 'A code has already been sent. You can request a new one a little later.',
    };
    for (const [locale, message] of Object.entries(messages)) {
      const res = await send(body, { locale });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(await res.json()).toEqual({ error: { code: 'sms_too_soon', message } });
    }
  });

  it('caps sends per IP: 10 an hour', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send({ phone: `+7 778 ${500 + i} 00 01`, purpose: 'register' }, { ip: '203.0.113.77' })).status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    const res = await send({ phone: '+7 778 600 00 01', purpose: 'register' }, { ip: '203.0.113.77', locale: 'kk' });
    expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'rate_limited', message: 'Әрекет тым көп. Кейінірек қайталап көріңіз.' });
  });

  it('caps sends per network: addresses hopping inside one /24 or one /64 are stopped, other networks are not', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const networks = [
      { hop: (i: number) => `198.51.100.${i + 1}`, last: '198.51.100.250', next: '198.51.101.1', operator: 700 },
      { hop: (i: number) => `2001:db8:aa:1:${(i + 1).toString(16)}::1`, last: '2001:db8:aa:1:ffff:ffff:ffff:fffe', next: '2001:db8:aa:2::1', operator: 771 },
    ];
    for (const { hop, last, next, operator } of networks) {
      // A new address, a new number (and number prefix) each time: only the network is shared.
      const phone = (i: number) => `+7 ${operator} ${100 + i} 20 01`;
      const statuses = [];
      for (let i = 0; i < 30; i++) statuses.push((await send({ phone: phone(i), purpose: 'register' }, { ip: hop(i) })).status);
      expect(statuses).toEqual(Array(30).fill(202));
      const stopped = await send({ phone: phone(30), purpose: 'register' }, { ip: last, locale: 'en' });
      expect(stopped.status).toBe(429);
      expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await stopped.json()) as ErrorBody).error.code).toBe('rate_limited');
      expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, `+7${operator}1302001`))).toHaveLength(0);
      // The neighbouring network is not held up.
      expect((await send({ phone: phone(31), purpose: 'register' }, { ip: next })).status).toBe(202);
    }
  });

  it('queues the message and the code in one go: each sent code has its outbox SMS (none for a reset without an account)', async () => {
    const codes = Number((await t.db.select({ n: count() }).from(smsCodes))[0]!.n);
    const sms = Number((await t.db.select({ n: count() }).from(outbox).where(eq(outbox.channel, 'sms')))[0]!.n);
    const suppressed = Number((await t.db.select({ n: count() }).from(securityEvents).where(eq(securityEvents.type, 'sms_suppressed')))[0]!.n);
    // The two resets above for phones without an account: +77017775001, +77477774001.
    expect(suppressed).toBe(2);
    expect(sms + suppressed).toBe(codes);
    const bodies = await t.db.select({ body: outbox.body }).from(outbox).where(eq(outbox.channel, 'sms'));
    // The log driver (development) keeps its copy; nothing else ever reads a code back.
    expect(bodies.every((b) => codeInBody(b.body) !== null || b.body.includes('******'))).toBe(true);
  });
});
