import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { companies, companyEmployees, kazakhTestTakers } from '@/lib/db/schema';
import { appSecret } from '@/lib/env';
import { hashIin, hashTestPhone, PHONE_SITTING_DAYS, startKazakh } from '@/lib/quiz/attempts';
import { validIin } from '@/test/company';
import { dbLabel, useTestDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { confirmedTestPhone, distinctPhone, smsCodeSent } from '@/test/sms';
import { POST as kazakhPost } from './kazakh/route';

const entry = (iin: string, extra: Record<string, unknown> = {}) => ({ firstName: 'Probe', lastName: 'Bot', iin, workerCode: 'X1', consent: CONSENT_VERSION, ...extra });
/** Request i from its own /24 (the per-address and per-range limits are not what is tested here). */
const spreadIp = (i: number) => `172.${16 + ((i >> 8) & 15)}.${i & 255}.9`;
const DAY = 86_400_000;

describe(`the Kazakh test: a public sitting costs a confirmed phone, and no counter is shared by everyone (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  const start = async (i: number, body: Record<string, unknown>) => {
    const res = await kazakhPost(jsonRequest('/api/tests/kazakh', body, { ip: spreadIp(i), locale: 'en' }));
    return { status: res.status, body: (await res.json()) as { error?: { code: string; fields?: Record<string, string> } } };
  };

  it('a public sitting needs the phone confirmed by SMS: none, a wrong code, the right one; then one sitting per phone per 12 months', async () => {
    // No phone, no code: 422 naming both, and nothing is started.
    const bare = await start(1, entry(validIin(1)));
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.error!.fields!).sort()).toEqual(['phone', 'smsCode']);
    const phone = distinctPhone(1);
    const code = await smsCodeSent(t.db, phone, 'kazakh_test');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await start(2, entry(validIin(1), { phone, smsCode: wrong }))).toMatchObject({ status: 422, body: { error: { code: 'sms_code_wrong' } } });
    // A code sent for another purpose does not confirm a sitting.
    const other = distinctPhone(2);
    expect((await start(3, entry(validIin(1), { phone: other, smsCode: await smsCodeSent(t.db, other, 'register') }))).status).toBe(422);
    expect(await t.db.select().from(kazakhTestTakers)).toHaveLength(0);

    expect((await start(4, entry(validIin(1), { phone, smsCode: code }))).status).toBe(201);
    const [taker] = await t.db.select().from(kazakhTestTakers);
    expect(taker!.phoneHash).toBe(hashTestPhone(phone, appSecret()));
    // The code is spent; a new one for the same phone confirms it again, but the phone has sat this year.
    const again = await start(5, entry(validIin(2), { phone, smsCode: await smsCodeSent(t.db, phone, 'kazakh_test', { now: new Date(Date.now() + 61_000) }) }));
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'test_phone_used' } } });
    // A day short of 12 months: still refused; past them: another sitting (with another IIN: the IIN stays once).
    await t.db.update(kazakhTestTakers).set({ createdAt: new Date(Date.now() - (PHONE_SITTING_DAYS - 1) * DAY) }).where(eq(kazakhTestTakers.id, taker!.id));
    expect((await start(6, entry(validIin(2), { phone, smsCode: await smsCodeSent(t.db, phone, 'kazakh_test', { now: new Date(Date.now() + 122_000) }) }))).status).toBe(409);
    await t.db.update(kazakhTestTakers).set({ createdAt: new Date(Date.now() - (PHONE_SITTING_DAYS + 1) * DAY) }).where(eq(kazakhTestTakers.id, taker!.id));
    expect((await start(7, entry(validIin(2), { phone, smsCode: await smsCodeSent(t.db, phone, 'kazakh_test', { now: new Date(Date.now() + 183_000) }) }))).status).toBe(201);
    // And the IIN of the first sitting stays used, whatever the phone.
    expect(await start(8, entry(validIin(1), await confirmedTestPhone(t.db, 3)))).toMatchObject({ status: 409, body: { error: { code: 'test_already_taken' } } });
  });

  it('two starts with one confirmed phone at the same moment: one sitting', async () => {
    const phoneHash = hashTestPhone(distinctPhone(7), appSecret());
    const results = await Promise.allSettled(
      [10, 11, 12].map((k) => startKazakh(t.db, entry(validIin(k)), { locale: 'en', secret: appSecret(), phoneHash })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'test_phone_used' });
  });

  it('a roster-only company\'s roster sitting needs no phone: the roster is the identity', async () => {
    const [co] = await t.db.insert(companies).values({ slug: 'roster-co', name: 'Roster', rosterOnly: true }).returning();
    const iin = validIin(40);
    await t.db.insert(companyEmployees).values({ companyId: co!.id, lastName: 'Сейтқали', firstName: 'Дана', iinHash: hashIin(iin, appSecret()), iinLast4: iin.slice(-4), iinSealed: 'sealed', positionCode: 'W-1' });
    expect((await start(40, entry(validIin(40), { company: 'roster-co' }))).status).toBe(201);
    const [taker] = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.companyId, co!.id));
    expect(taker).toMatchObject({ identityChecked: true, phoneHash: null });
  });

  it('one actor from 250 networks with 250 confirmed phones cannot close the test for the others (the school-wide cap was 200 an hour); starts naming no company or off a roster cost nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 250; i++) statuses.push((await start(100 + i, entry(validIin(100 + i), await confirmedTestPhone(t.db, 100 + i)))).status);
    expect(statuses).toEqual(Array(250).fill(201));
    const ghost: number[] = [];
    for (let i = 0; i < 20; i++) ghost.push((await start(400 + i, entry(validIin(400 + i), { company: 'no-such-company-x' }))).status);
    expect(ghost).toEqual(Array(20).fill(404));
    await t.db.insert(companies).values({ slug: 'closed-co', name: 'Closed', rosterOnly: true });
    const outside: number[] = [];
    for (let i = 0; i < 20; i++) outside.push((await start(450 + i, entry(validIin(450 + i), { company: 'closed-co' }))).status);
    expect(outside).toEqual(Array(20).fill(422));
    // A person on another network, on the public page and on an open company's page, still starts.
    expect((await start(500, entry(validIin(500), await confirmedTestPhone(t.db, 500)))).status).toBe(201);
    await t.db.insert(companies).values({ slug: 'open-co', name: 'Open' });
    expect((await start(501, entry(validIin(501), { company: 'open-co', ...(await confirmedTestPhone(t.db, 501)) }))).status).toBe(201);
  }, 120_000);
});
