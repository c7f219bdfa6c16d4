import { beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { POST } from './route';

interface Body {
  code: string;
  plans: { id: string; applies: boolean; pricePerLesson: number; discountedPerLesson: number; total: number; discountedTotal: number }[];
  error: { code: string; fields: Record<string, string> };
}

const check = async (code: string, locale = 'ru') => {
  const res = await POST(jsonRequest('/api/promo/check', { code }, { locale }));
  return { status: res.status, body: (await res.json()) as Body };
};

describe(`POST /api/promo/check (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  beforeAll(async () => {
    const day = 86_400_000;
    await t.db.insert(promoCodes).values([
      { code: 'OLD', percentOff: 20, validUntil: new Date(Date.now() - day) },
      { code: 'SOON', percentOff: 20, validFrom: new Date(Date.now() + day) },
      { code: 'USEDUP', percentOff: 20, maxUses: 5, usedCount: 5 },
      { code: 'OFF', percentOff: 20, active: false },
    ]);
  });

  it('the seeded demo code takes 10% off every plan, case-insensitively', async () => {
    const { status, body } = await check('  tilmen10 ');
    expect(status).toBe(200);
    expect(body.code).toBe('TILMEN10');
    expect(body.plans).toEqual([
      { id: 'basic', applies: true, pricePerLesson: 5000, discountedPerLesson: 4500, total: 40000, discountedTotal: 36000 },
      { id: 'advanced', applies: true, pricePerLesson: 4750, discountedPerLesson: 4275, total: 76000, discountedTotal: 68400 },
      { id: 'intensive', applies: true, pricePerLesson: 4500, discountedPerLesson: 4050, total: 108000, discountedTotal: 97200 },
    ]);
  });

  it('a code limited to one plan changes only that plan', async () => {
    const { body } = await check('INTENSIVE15');
    expect(body.plans.map((p) => [p.id, p.applies, p.discountedPerLesson])).toEqual([
      ['basic', false, 5000],
      ['advanced', false, 4750],
      ['intensive', true, 3825],
    ]);
  });

  it.each([
    ['NOPE', 404, 'promo_not_found', 'Такого промокода нет'],
    ['OLD', 422, 'promo_expired', 'Срок действия промокода истёк'],
    ['SOON', 422, 'promo_not_started', 'Промокод ещё не действует'],
    ['USEDUP', 422, 'promo_exhausted', 'Промокод уже использован максимальное число раз'],
    ['OFF', 404, 'promo_not_found', 'Такого промокода нет'],
  ])('%s → %i %s', async (code, status, errorCode, fieldMessage) => {
    const res = await check(code);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(errorCode);
    expect(res.body.error.fields.code).toBe(fieldMessage);
  });

  it('refuses a malformed code with a field message', async () => {
    const res = await check('<script>', 'en');
    expect(res.status).toBe(422);
    expect(res.body.error.fields.code).toBe('A promo code is made of Latin letters and digits');
  });
});
