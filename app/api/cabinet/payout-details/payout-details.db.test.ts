import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { tutorPayoutDetails } from '@/lib/db/schema';
import { payoutAccounts } from '@/lib/payments/payout-details';
import { checkKzIban } from '@/lib/validations/payments';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { GET, PUT } from './route';

const IBAN = 'KZ86125KZT5004100100'; // the IBAN registry's example for Kazakhstan

function req(token: string, body?: unknown, locale = 'en') {
  const headers = new Headers({ authorization: `Bearer ${token}`, 'accept-language': locale });
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new NextRequest('http://localhost/api/cabinet/payout-details', { method: body === undefined ? 'GET' : 'PUT', headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

describe('a Kazakh IBAN', () => {
  it('20 characters from KZ with the ISO 13616 check; spaces and case do not matter', () => {
    expect(checkKzIban(IBAN)).toEqual({ ok: true, iban: IBAN });
    expect(checkKzIban('kz86 125k zt50 0410 0100')).toEqual({ ok: true, iban: IBAN });
    expect(checkKzIban('KZ86125KZT5004100101')).toEqual({ ok: false, reason: 'iban_checksum' });
    expect(checkKzIban('KZ68125KZT5004100100')).toEqual({ ok: false, reason: 'iban_checksum' });
    for (const bad of ['', 'KZ86125KZT500410010', 'DE89370400440532013000', 'KZ86125KZT50041001000', 'KZ86-125-KZT-5004-1001-0Ж']) expect(checkKzIban(bad).ok).toBe(false);
  });
});

describe(`the tutor's payout details (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  const session = async (role: 'tutor' | 'student', phone: string) => {
    const id = await insertTestUser(t.db, { role, phone });
    return { id, token: (await openSession(t.db, { id, scope: role })).accessToken };
  };

  it('saved sealed, shown masked, replaced; opened only for the bank file; a student gets 403; bad input a 4xx in the language asked', async () => {
    const tutor = await session('tutor', '+77015550101');
    expect(await (await call(GET, req(tutor.token))).json()).toEqual({ details: null });
    const saved = await call(PUT, req(tutor.token, { iban: 'kz86 125k zt50 0410 0100', iin: '9001 0130 0017' }));
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { details: { iban: string; iinLast4: string } }).details).toMatchObject({ iban: 'KZ•• •••• •••• •••• 0100', iinLast4: '0017' });
    const [row] = await t.db.select().from(tutorPayoutDetails).where(eq(tutorPayoutDetails.tutorId, tutor.id));
    expect(JSON.stringify(row)).not.toContain('5004100100');
    expect(JSON.stringify(row)).not.toContain('900101300017');
    expect(await payoutAccounts(t.db, [tutor.id])).toEqual(new Map([[tutor.id, { iban: IBAN, iin: '900101300017' }]]));
    // Bad input: the field's message in Kazakh, nothing changed.
    const bad = await call(PUT, req(tutor.token, { iban: 'KZ86125KZT5004100101', iin: '900101300018' }, 'kk'));
    expect(bad.status).toBe(422);
    const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.iban).toBe('IBAN-да қате бар: таңбаларды банктің деректемелерімен салыстырыңыз');
    expect(fields.iin).toBeTruthy();
    expect((await call(PUT, req(tutor.token, { iban: IBAN, iin: '900101300017', extra: 1 }))).status).toBe(422);
    expect((await payoutAccounts(t.db, [tutor.id])).get(tutor.id)?.iban).toBe(IBAN);
    // A student has no payouts.
    const student = await session('student', '+77015550102');
    expect((await call(GET, req(student.token))).status).toBe(403);
    expect((await call(PUT, req(student.token, { iban: IBAN, iin: '900101300017' }))).status).toBe(403);
    expect(await payoutAccounts(t.db, [student.id])).toEqual(new Map());
  });
});
