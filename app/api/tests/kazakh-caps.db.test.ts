import { CONSENT_VERSION } from '@/lib/consent';
import { describe, expect, it } from 'vitest';
import { companies } from '@/lib/db/schema';
import { KAZAKH_HOURLY_DEFAULT } from '@/lib/quiz/limits';
import { validIin } from '@/test/company';
import { dbLabel, useTestDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { POST as kazakhPost } from './kazakh/route';

const entry = (iin: string, company?: string) => ({ firstName: 'Probe', lastName: 'Bot', iin, workerCode: 'X1', consent: CONSENT_VERSION, ...(company ? { company } : {}) });
/** Request i from its own /24 (the per-address and per-range limits are not what is tested here). */
const spreadIp = (i: number) => `172.${16 + ((i >> 8) & 15)}.${i & 255}.9`;

describe(`the Kazakh test's shared caps count only real starts (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('M4: 200 starts naming a company that does not exist, and 200 off a roster-only roster, leave the caps whole: a real start still gets 201', async () => {
    delete process.env.KAZAKH_TEST_HOURLY_CAP;
    expect(KAZAKH_HOURLY_DEFAULT).toBe(200);
    const ghost: number[] = [];
    for (let i = 0; i < 200; i++) ghost.push((await kazakhPost(jsonRequest('/api/tests/kazakh', entry(validIin(i), 'no-such-company-x'), { ip: spreadIp(i) }))).status);
    expect(ghost).toEqual(Array(200).fill(404));
    // A roster-only company: IINs that are not on its roster are refused (422) and cost nothing shared either.
    await t.db.insert(companies).values({ slug: 'closed-co', name: 'Closed', rosterOnly: true });
    const outside: number[] = [];
    for (let i = 200; i < 400; i++) outside.push((await kazakhPost(jsonRequest('/api/tests/kazakh', entry(validIin(i), 'closed-co'), { ip: spreadIp(i) }))).status);
    expect(outside).toEqual(Array(200).fill(422));
    // The public page and a real company still start.
    expect((await kazakhPost(jsonRequest('/api/tests/kazakh', entry(validIin(500)), { ip: spreadIp(500) }))).status).toBe(201);
    await t.db.insert(companies).values({ slug: 'open-co', name: 'Open' });
    expect((await kazakhPost(jsonRequest('/api/tests/kazakh', entry(validIin(501), 'open-co'), { ip: spreadIp(501) }))).status).toBe(201);
  }, 120_000);
});
