import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { leads, outbox } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { clockStandsStill, jsonRequest } from '@/test/http';
import { POST } from './route';

describe(`POST /api/leads (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('stores the lead with its locale, page and first/last utm touch, and queues the staff e-mail', async () => {
    const res = await POST(
      jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'feedback', name: 'Айгүл', phone: '8 (701) 555-12-34', page: '/student' }, {
        locale: 'kk-KZ,kk;q=0.9',
        cookie: 'utm_source=google; utm_campaign=autumn; utm__first=utm_source%3Dinstagram%26utm_medium%3Dstories',
      }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({
      kind: 'feedback',
      name: 'Айгүл',
      phone: '+77015551234',
      locale: 'kk',
      page: '/student',
      utmFirst: { utm_source: 'instagram', utm_medium: 'stories' },
      utmLast: { utm_source: 'google', utm_campaign: 'autumn' },
    });
    expect(lead!.ipHash).toMatch(/^[\w-]{22}$/);
    const [mail] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail!.recipient).toBe('sales@tilmen.kz');
    expect(mail!.body).toContain('+7 701 555 12 34');
    expect(mail!.body).toContain('utm_source=instagram');
  });

  it('uses the last touch as first touch when no first-touch cookie exists', async () => {
    const res = await POST(
      jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'callback', name: 'Ivan', phone: '+7 747 000 11 22', page: '/' }, { cookie: 'utm_source=yandex' }),
    );
    const { id } = (await res.json()) as { id: number };
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({ utmFirst: { utm_source: 'yandex' }, utmLast: { utm_source: 'yandex' }, kind: 'callback' });
  });

  it('refuses a Russian mobile with a clear message in the request language', async () => {
    const res = await POST(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'feedback', name: 'Olga', phone: '+7 912 123 45 67', page: '/' }, { locale: 'en' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Please check the fields.',
        fields: { phone: 'This is not a Kazakhstan mobile number. Please use a number of a Kazakhstan operator (+7 7XX…)' },
      },
    });
  });

  it('a quiz answer with a NUL or another control character is a 422 (PostgreSQL refuses NUL in jsonb), not a 500', async () => {
    for (const answers of [{ goal: 'exam\u0000' }, { 'go\u0000al': 'exam' }, { goal: ['a', 'b\u0001'] }]) {
      const res = await POST(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'feedback', name: 'Olga', phone: '+7 701 555 12 99', page: '/', answers }, { locale: 'en' }));
      expect(res.status, JSON.stringify(answers)).toBe(422);
      // A bad key (not typed by a visitor) is "not allowed"; a bad answer says what is wrong with it.
      expect(JSON.stringify(await res.json())).toContain('goal' in answers ? 'invisible control characters' : 'not allowed');
    }
  });

  it('answers in Kazakh and Russian too', async () => {
    const kk = await POST(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'feedback', name: '', phone: '+7 701 000 00 01', page: '/' }, { locale: 'kk' }));
    expect(((await kk.json()) as { error: { fields: Record<string, string> } }).error.fields.name).toBe('Бұл міндетті өріс');
    const ru = await POST(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'feedback', name: '', phone: '+7 701 000 00 01', page: '/' }, { locale: 'ru' }));
    expect(((await ru.json()) as { error: { fields: Record<string, string> } }).error.fields.name).toBe('Это обязательное поле');
  });

  it('limits leads per phone, with Retry-After', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const body = { consent: CONSENT_VERSION, kind: 'feedback', name: 'Dana', phone: '+7 705 111 22 33', page: '/' };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await POST(jsonRequest('/api/leads', body))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const res = await POST(jsonRequest('/api/leads', body));
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });

  it('limits leads per IP', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const phone = `+7 707 000 ${String(10 + i)} 00`;
      statuses.push((await POST(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'trial', name: 'Bot', phone, page: '/' }, { ip: '203.0.113.9' }))).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a lead without the current personal-data consent, with a field message, and stores nothing', async () => {
    const phone = '+7 701 444 00 01';
    for (const consent of [undefined, '2020-01', true]) {
      const res = await POST(jsonRequest('/api/leads', { kind: 'feedback', name: 'Aigul', phone, page: '/', consent }, { locale: 'en', ip: '203.0.113.40' }));
      expect(res.status).toBe(422);
      const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe('validation_failed');
      expect(error.fields.consent).toMatch(/consent to the processing of personal data/);
    }
    expect(await t.db.select().from(leads).where(eq(leads.phone, '+77014440001'))).toHaveLength(0);
  });

  it('stores the consent version and time with the lead and tells the sales team', async () => {
    const before = Date.now();
    const res = await POST(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'trial', name: 'Арман', phone: '+7 701 444 00 02', page: '/' }, { ip: '203.0.113.41' }));
    const { id } = (await res.json()) as { id: number };
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, id));
    expect(lead!.consentVersion).toBe(CONSENT_VERSION);
    expect(lead!.consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [mail] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    // In the school's language (the shared inbox reads Russian), with the link to the lead (journey B).
    expect(mail!.body).toContain(`Согласие на обработку персональных данных: версия ${CONSENT_VERSION}`);
    expect(mail!.subject).toBe(`[Tilmen] Пробный урок после теста №${id}: Арман`);
    expect(mail!.body).toMatch(new RegExp(`/admin/leads/${id}$`, 'm'));
  });

  it('carries the plan chosen on the tariff page and the promo code applied into the lead and the staff e-mail', async () => {
    const res = await POST(
      jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'callback', name: 'Dana', phone: '+7 701 444 00 03', page: '/stud-tariff-plans', plan: 'advanced', promoCode: 'tilmen10' }, { ip: '203.0.113.42' }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({ plan: 'advanced', promoCode: 'TILMEN10', page: '/stud-tariff-plans' });
    const [mail] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail!.body).toContain('Тариф: Продвинутый');
    expect(mail!.body).toContain('Промокод: TILMEN10 (скидка 10%)');

    // A code that does not work is still passed on, marked, so sales can explain it.
    const other = await POST(
      jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'callback', name: 'Dana', phone: '+7 701 444 00 04', page: '/stud-tariff-plans', plan: 'basic', promoCode: 'NOSUCH' }, { ip: '203.0.113.42' }),
    );
    expect(other.status).toBe(201);
    const [second] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(second!.body).toContain('Промокод: NOSUCH — не применён: Такого промокода нет.');
  });

  it('refuses a plan that does not exist and a malformed promo code', async () => {
    const res = await POST(
      jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'callback', name: 'Dana', phone: '+7 701 444 00 05', page: '/', plan: 'platinum', promoCode: 'a b' }, { locale: 'en', ip: '203.0.113.43' }),
    );
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['plan', 'promoCode']);
  });

  it('refuses non-JSON and oversized bodies with 4xx', async () => {
    expect((await POST(jsonRequest('/api/leads', 'name=x', { contentType: 'application/x-www-form-urlencoded', raw: true }))).status).toBe(415);
    expect((await POST(jsonRequest('/api/leads', '{"kind":', { raw: true }))).status).toBe(400);
    expect((await POST(jsonRequest('/api/leads', { name: 'x'.repeat(20_000) }))).status).toBe(413);
  });
});
