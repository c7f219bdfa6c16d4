import { readFileSync } from 'node:fs';
import { CONSENT_VERSION } from '@/lib/consent';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { users, certificatePdfs, certificates, kazakhTestTakers, quizItemExposure, testAttempts } from '@/lib/db/schema';
import { profile } from '@/lib/cabinet/account-view';
import { signAccessToken, startSession } from '@/lib/auth/tokens';
import { appSecret } from '@/lib/env';
import { EN_ITEMS } from '@/lib/quiz/bank-en';
import { KK_ITEMS } from '@/lib/quiz/bank-kk';
import { findCertificate } from '@/lib/certificates/find';
import { CERTIFICATE_NUMBER_RE } from '@/lib/certificates/number';
import { TEST_TOKEN_HEADER, type AttemptView, type PlacementResultView } from '@/lib/quiz/attempts';
import { lookupCertificate, LOOKUP_LIMIT } from '@/lib/certificates/lookup';
import { dbLabel, useTestDb } from '@/test/db';
import { jsonRequest, nextIp } from '@/test/http';
import { POST as placementPost } from './placement/route';
import { POST as kazakhPost } from './kazakh/route';
import { GET as attemptGet } from './attempt/route';
import { PUT as answersPut } from './attempt/answers/route';
import { POST as finishPost } from './attempt/finish/route';
import { GET as certificateGet } from './attempt/certificate/route';
import { withConfirmedPhone } from '@/test/sms';

type Started = { token: string; test: AttemptView };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const BANK = new Map([...EN_ITEMS, ...KK_ITEMS].map((item) => [item.id, item]));

/** The right option's index as the browser was shown it: found by its text, as a person would. */
function rightAnswers(test: AttemptView): Record<string, number> {
  return Object.fromEntries(
    test.items.map((item) => {
      const full = BANK.get(item.id)!;
      return [item.id, item.options.indexOf(full.options[full.answer]!)];
    }),
  );
}

function withToken(method: 'GET' | 'PUT' | 'POST', path: string, token: string | null, body?: unknown, locale = 'ru') {
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': locale, 'x-forwarded-for': nextIp() });
  if (token !== null) headers.set(TEST_TOKEN_HEADER, token);
  return new NextRequest(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Everything the browser receives must be free of the key: no answer, no level per item. */
function expectNoKey(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/"(answer|key|correctIndex|meta)"\s*:/);
  const test = (body as { test?: AttemptView }).test;
  for (const item of test?.items ?? []) {
    expect(Object.keys(item).sort()).toEqual(expect.arrayContaining(['id', 'options', 'prompt', 'skill']));
    expect(Object.keys(item).every((k) => ['id', 'options', 'prompt', 'skill', 'passage'].includes(k))).toBe(true);
  }
}

let iinSerial = 100_000;
/** A fresh valid IIN (born 1990-01-01, serial varies), computed with the check-digit rule. */
function freshIin(): string {
  for (;;) {
    const first11 = `900101${String(iinSerial++).slice(-5)}`;
    const d = [...first11].map(Number);
    let s = d.reduce((sum, x, i) => sum + (i + 1) * x, 0) % 11;
    if (s === 10) s = d.reduce((sum, x, i) => sum + [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][i]! * x, 0) % 11;
    if (s !== 10) return first11 + s;
  }
}

const entry = (iin: string, extra: object = {}) => ({ firstName: 'Әйгерім', lastName: 'Нұрмағанбетова', iin, workerCode: 'HR-17', consent: CONSENT_VERSION, ...extra });

describe(`placement and Kazakh tests over HTTP (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('placement: start, resume, save, finish with every answer right → Advanced, stored with the company', async () => {
    const res = await placementPost(jsonRequest('/api/tests/placement', { company: 'demo' }));
    expect(res.status).toBe(201);
    const started = (await res.json()) as Started;
    expectNoKey(started);
    const { token, test } = started;
    expect(test.items).toHaveLength(30);
    expect(test.company).toEqual({ slug: 'demo', name: 'Demo Company LLP' });
    expect(test.instructions.grammar).toMatch(/предложение/); // instructions in the visitor's locale

    const right = rightAnswers(test);
    const firstHalf = Object.fromEntries(Object.entries(right).slice(0, 15));
    const saved = await answersPut(withToken('PUT', '/api/tests/attempt/answers', token, { answers: firstHalf, position: 15 }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ saved: 15 });

    // A reload: the same items in the same order, the answers and the position come back.
    const resumed = await attemptGet(withToken('GET', '/api/tests/attempt', token));
    const again = (await resumed.json()) as { test: AttemptView };
    expectNoKey(again);
    expect(again.test.items.map((i) => [i.id, i.options])).toEqual(test.items.map((i) => [i.id, i.options]));
    expect(again.test.answers).toEqual(firstHalf);
    expect(again.test.position).toBe(15);

    const finished = await finishPost(withToken('POST', '/api/tests/attempt/finish', token, { answers: right }));
    expect(finished.status).toBe(200);
    const result = (await finished.json()) as { test: AttemptView };
    expectNoKey(result);
    expect(result.test.status).toBe('finished');
    expect(result.test.result).toMatchObject({ correct: 30, wrong: 0, unanswered: 0, level: 'advanced', levelName: 'Advanced', cefr: 'C1' });
    expect(Object.values((result.test.result as PlacementResultView).perSkill).reduce((s, x) => s + x.total, 0)).toBe(30);

    const [row] = await t.db.select().from(testAttempts).where(eq(testAttempts.level, 'advanced'));
    expect(row?.companyId).not.toBeNull();
    expect(row?.status).toBe('finished');

    // Finished is final: no more answers, and finishing again returns the same stored result.
    const late = await answersPut(withToken('PUT', '/api/tests/attempt/answers', token, { answers: {} }, 'en'));
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.message).toBe('The test is already finished; answers can no longer be changed.');
    const twice = (await (await finishPost(withToken('POST', '/api/tests/attempt/finish', token, { answers: {} }))).json()) as { test: AttemptView };
    expect(twice.test.result).toEqual(result.test.result);
  });

  it('placement: every answer wrong gives Beginner with the counts; skipped items count as unanswered', async () => {
    const { token, test } = (await (await placementPost(jsonRequest('/api/tests/placement', {}))).json()) as Started;
    const right = rightAnswers(test);
    const wrong = Object.fromEntries(test.items.slice(0, 20).map((i) => [i.id, (right[i.id]! + 1) % i.options.length]));
    const res = await finishPost(withToken('POST', '/api/tests/attempt/finish', token, { answers: wrong }));
    const { test: done } = (await res.json()) as { test: AttemptView };
    expect(done.result).toMatchObject({ correct: 0, wrong: 20, unanswered: 10, level: 'beginner', levelReached: false });
  });

  it('placement: a signed-in visitor’s result is stored with the account', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ role: 'student', name: 'Dana', lastname: 'Ospan', phone: '+77015550001', passwordHash: 'x' })
      .returning();
    const req = jsonRequest('/api/tests/placement', {});
    const { sid } = await startSession(t.db, user!.id);
    req.headers.set('authorization', `Bearer ${await signAccessToken({ sub: user!.id, scope: 'student', sid }, appSecret())}`);
    const { token } = (await (await placementPost(req)).json()) as Started;
    await finishPost(withToken('POST', '/api/tests/attempt/finish', token, {}));
    const rows = await t.db.select().from(testAttempts).where(eq(testAttempts.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('finished');
    // …and the cabinet lists it.
    const member = await profile(t.db, user!);
    expect(member.tests).toEqual([expect.objectContaining({ kind: 'placement', levelName: 'Beginner', cefr: 'A1-', correct: 0, total: 30, certificate: null })]);
  });

  it('an unknown company is a 404, and a malformed one a 422', async () => {
    const res = await placementPost(jsonRequest('/api/tests/placement', { company: 'no-such-company' }, { locale: 'kk' }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe('company_not_found');
    const bad = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin(), { company: '../etc' }))));
    expect(bad.status).toBe(422);
  });

  it('answers must belong to the test and name an existing option; a missing token is a 404', async () => {
    const { token, test } = (await (await placementPost(jsonRequest('/api/tests/placement', {}))).json()) as Started;
    const notInTest = EN_ITEMS.find((i) => !test.items.some((x) => x.id === i.id))!.id;
    for (const answers of [{ [notInTest]: 0 }, { [test.items[0]!.id]: test.items[0]!.options.length }, { [test.items[0]!.id]: -1 }, { 'x-1': 0 }]) {
      const res = await answersPut(withToken('PUT', '/api/tests/attempt/answers', token, { answers }, 'en'));
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.code).toBe('validation_failed');
    }
    for (const tok of [null, 'short', 'a'.repeat(43)]) {
      const res = await attemptGet(withToken('GET', '/api/tests/attempt', tok, undefined, 'en'));
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe('Test not found. Please start it again.');
    }
  });

  it('Kazakh: invalid IINs are refused with field messages in the request’s language', async () => {
    const cases: [string, string, string][] = [
      ['900101300018', 'ru', 'В ИИН ошибка: проверьте цифры по удостоверению личности'],
      ['821214240092', 'en', 'This IIN has a mistake: check the digits against your ID card'],
      ['90010130001', 'kk', 'ЖСН 12 цифрдан тұрады'],
      ['9001013000170', 'en', 'An IIN has 12 digits'],
      ['90010130001A', 'ru', 'ИИН может содержать только цифры'],
      ['IIN900101300', 'kk', 'ЖСН тек цифрлардан тұруы керек'],
      ['', 'en', 'This is a required field'],
    ];
    for (const [iin, locale, message] of cases) {
      const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin)), { locale }));
      expect(res.status, iin).toBe(422);
      expect(((await res.json()) as ErrorBody).error.fields?.iin, iin).toBe(message);
    }
    expect(await t.db.select().from(kazakhTestTakers)).toHaveLength(0); // nothing stored for refused entries
  });

  it('Kazakh: an entry without the current personal-data consent is refused before anything is stored; the consent is stored with the taker', async () => {
    const iin = freshIin();
    for (const consent of [undefined, '2019-01']) {
      const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin, { consent })), { locale: 'kk', ip: nextIp() }));
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.fields?.consent).toMatch(/дербес деректерді өңдеуге/);
    }
    expect(await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.iinLast4, iin.slice(-4)))).toHaveLength(0);
    const before = Date.now();
    expect((await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin)), { ip: nextIp() }))).status).toBe(201);
    const [taker] = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.iinLast4, iin.slice(-4)));
    expect(taker!.consentVersion).toBe(CONSENT_VERSION);
    expect(taker!.consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('Kazakh: ten simultaneous entries with one IIN give one test and nine refusals', async () => {
    const iin = freshIin();
    // Ten people (ten confirmed phones) naming one IIN at the same moment.
    const bodies = [];
    for (let i = 0; i < 10; i++) bodies.push(await withConfirmedPhone(t.db, entry(iin, { workerCode: `W-${i}` })));
    const responses = await Promise.all(bodies.map((body) => kazakhPost(jsonRequest('/api/tests/kazakh', body, { locale: 'en' }))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((x) => x.status === 409)) {
      expect(((await r.json()) as ErrorBody).error.message).toBe('You have already taken this test: it can be taken only once.');
    }
    // One taker row, and the refused requests left no attempts behind.
    const takers = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.iinLast4, iin.slice(-4)));
    expect(takers).toHaveLength(1);
    const kazakhAttempts = await t.db.select().from(testAttempts).where(eq(testAttempts.kind, 'kazakh'));
    expect(kazakhAttempts.filter((a) => a.id === takers[0]!.attemptId)).toHaveLength(1);
  });

  it('Kazakh: the IIN is stored only as a keyed hash and its last four digits; a later attempt is refused in each language', async () => {
    const iin = freshIin();
    const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin, { iin: `${iin.slice(0, 6)} ${iin.slice(6)}` })), { ip: nextIp() }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as Started;
    expect(JSON.stringify(body)).not.toContain(iin);
    expect(body.test.taker).toEqual({ firstName: 'Әйгерім', lastName: 'Нұрмағанбетова', iinLast4: iin.slice(-4) });
    expect(body.test.instructions.grammar).toBe('Сөйлемді дұрыс толықтыратын нұсқаны таңдаңыз.');

    const [row] = await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.attemptId, (await t.db.select().from(testAttempts).where(eq(testAttempts.kind, 'kazakh'))).at(-1)!.id));
    expect(JSON.stringify(row)).not.toContain(iin);
    expect(row!.iinHash).toMatch(/^[\w-]{43}$/);

    const blocked: Record<string, string> = {
      ru: 'Вы уже проходили этот тест: пройти его можно только один раз.',
      kk: 'Сіз бұл тестті бұрын тапсырғансыз: оны тек бір рет тапсыруға болады.',
      en: 'You have already taken this test: it can be taken only once.',
    };
    for (const [locale, message] of Object.entries(blocked)) {
      const again = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin, { lastName: 'Other' })), { locale }));
      expect(again.status).toBe(409);
      expect(((await again.json()) as ErrorBody).error).toMatchObject({ code: 'test_already_taken', message });
    }
  });

  it('Kazakh: finishing issues a certificate that the public lookup confirms with the name shortened', async () => {
    const iin = freshIin();
    const { token, test } = (await (await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin, { company: 'demo' }))))).json()) as Started;
    expect(test.items).toHaveLength(30);
    expectNoKey({ test });
    const right = rightAnswers(test);
    // Right on A1-B1 only: the level is B1.
    const levelOf = (id: string) => BANK.get(id)!.level;
    const answers = Object.fromEntries(test.items.map((i) => [i.id, ['A1', 'A2', 'B1'].includes(levelOf(i.id)) ? right[i.id]! : (right[i.id]! + 1) % i.options.length]));
    const res = await finishPost(withToken('POST', '/api/tests/attempt/finish', token, { answers }, 'kk'));
    const { test: done } = (await res.json()) as { test: AttemptView };
    expectNoKey({ test: done });
    // The level and nothing else: no counts, per skill or in all (they would tell which answers were right).
    expect(done.result).toEqual({ determined: true, level: 'B1', levelName: 'Орта деңгей', levelReached: true, minAnswers: 20 });
    expect(JSON.stringify(done)).not.toMatch(/"(correct|wrong|unanswered|perSkill|total)"/);
    expect(done.certificate?.number).toMatch(CERTIFICATE_NUMBER_RE);
    expect(done.certificate).toMatchObject({ level: 'B1', levelName: 'Орта деңгей' });

    const found = await findCertificate(t.db, done.certificate!.number.toLowerCase());
    expect(found).toMatchObject({ name: 'Әйгерім Н.', level: 'B1', levelName: 'Орта деңгей', companyName: 'Demo Company LLP', identityChecked: false });
    expect(done.certificate?.identityChecked).toBe(false);
    expect(await findCertificate(t.db, 'TLM-2026-AAAAAAAA')).toBeNull();
    expect(await findCertificate(t.db, "'; drop table certificates; --")).toBeNull();
    expect(await t.db.select().from(certificates)).toHaveLength(1);

    // The PDF comes with the attempt's token only; a loop replaying the token is cut off.
    const pdf = await certificateGet(withToken('GET', '/api/tests/attempt/certificate', token));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="tilmen-certificate-${done.certificate!.number}.pdf"`);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await certificateGet(withToken('GET', '/api/tests/attempt/certificate', null))).status).toBe(404);
    let last = 200;
    for (let i = 0; i < 30 && last === 200; i++) last = (await certificateGet(withToken('GET', '/api/tests/attempt/certificate', token))).status;
    expect(last).toBe(429);
  });

  it('a placement test has no certificate', async () => {
    const { token } = (await (await placementPost(jsonRequest('/api/tests/placement', {}))).json()) as Started;
    await finishPost(withToken('POST', '/api/tests/attempt/finish', token, {}));
    const res = await certificateGet(withToken('GET', '/api/tests/attempt/certificate', token, undefined, 'kk'));
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: 'certificate_not_found', message: 'Сертификат табылмады.' });
  });

  /** Starts a Kazakh test and answers every item right (a certificate at C1). */
  async function finishedKazakh(ip?: string) {
    const { token, test } = (await (await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip })) ).json()) as Started;
    const res = await finishPost(withToken('POST', '/api/tests/attempt/finish', token, { answers: rightAnswers(test) }));
    return { token, test: ((await res.json()) as { test: AttemptView }).test };
  }

  it('Kazakh: fewer than two thirds answered gives no level and no certificate, flagged for the back office; counts stay on the server', async () => {
    const { token, test } = (await (await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip: '192.168.200.1' }))).json()) as Started;
    const right = rightAnswers(test);
    const nineteen = Object.fromEntries(test.items.slice(0, 19).map((i) => [i.id, right[i.id]!]));
    const res = await finishPost(withToken('POST', '/api/tests/attempt/finish', token, { answers: nineteen }, 'en'));
    const { test: done } = (await res.json()) as { test: AttemptView };
    expect(done.result).toEqual({ determined: false, level: null, levelName: null, levelReached: false, minAnswers: 20 });
    expect(done.certificate).toBeNull();
    expect((await certificateGet(withToken('GET', '/api/tests/attempt/certificate', token))).status).toBe(404);
    const [row] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, (await t.db.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.iinLast4, test.taker!.iinLast4))).at(-1)!.attemptId));
    expect(row!.flags).toEqual(['few_answers']);
    expect(row!.level).toBeNull();
    expect(row!.result).toMatchObject({ correct: 19, unanswered: 11, total: 30, determined: false });

    // Twenty answers, all wrong: a level (below A1) and a certificate, no flag.
    const second = (await (await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip: '192.168.200.2' }))).json()) as Started;
    const r2 = rightAnswers(second.test);
    const wrong = Object.fromEntries(second.test.items.slice(0, 20).map((i) => [i.id, (r2[i.id]! + 1) % i.options.length]));
    const { test: placed } = (await (await finishPost(withToken('POST', '/api/tests/attempt/finish', second.token, { answers: wrong }))).json()) as { test: AttemptView };
    expect(placed.result).toEqual({ determined: true, level: 'A0', levelName: 'A1 деңгейінен төмен', levelReached: false, minAnswers: 20 });
    expect(placed.certificate).toMatchObject({ level: 'A0', identityChecked: false });
  });

  it('Kazakh: the draw is stored with the attempt and prefers the least-shown items of each band and skill', async () => {
    const tokens: [string, AttemptView][] = [];
    for (let i = 0; i < 4; i++) {
      const { token, test } = (await (await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip: `192.168.${i}.7` }))).json()) as Started;
      tokens.push([token, test]);
    }
    // A reload rebuilds the same items and options from the stored ids and the seed.
    for (const [token, test] of tokens) {
      const again = ((await (await attemptGet(withToken('GET', '/api/tests/attempt', token))).json()) as { test: AttemptView }).test;
      expect(again.items).toEqual(test.items);
    }
    const stored = await t.db.select({ items: testAttempts.items }).from(testAttempts).where(eq(testAttempts.kind, 'kazakh'));
    expect(stored.some((r) => JSON.stringify(r.items) === JSON.stringify(tokens[0]![1].items.map((i) => i.id)))).toBe(true);
    // Every bank item shown about equally often: within each band and skill, counts differ by at most one.
    const shown = new Map((await t.db.select().from(quizItemExposure)).map((r) => [r.itemId, r.shown]));
    const groups = new Map<string, number[]>();
    for (const item of KK_ITEMS) {
      const key = `${item.level}/${item.skill}`;
      groups.set(key, [...(groups.get(key) ?? []), shown.get(item.id) ?? 0]);
    }
    for (const [key, counts] of groups) expect(Math.max(...counts) - Math.min(...counts), key).toBeLessThanOrEqual(1);
    expect([...shown.values()].reduce((a, b) => a + b, 0) % 30).toBe(0);
  });

  it('Kazakh: a refusal for an IIN that has sat the test says nothing more, and counts against the limits like a start', async () => {
    // The limit's windows are fixed (lib/rate-limit.ts): the clock stands still, or a run that crosses
    // a ten-minute boundary starts a new window and the 21st call is answered (CI once met 11:20:00).
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const ip = '172.16.5.9';
    const iin = freshIin();
    expect((await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin)), { ip }))).status).toBe(201);
    for (let i = 0; i < 19; i++) {
      const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(iin, { firstName: `Other${'x'.repeat(i)}` })), { ip, locale: 'en' }));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: { code: 'test_already_taken', message: 'You have already taken this test: it can be taken only once.' } });
    }
    // 20 per address in 10 minutes, refusals included: the next call is refused by the limit, not answered.
    for (const next of [iin, freshIin()]) {
      const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(next)), { ip }));
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  });

  it('certificate PDF: rendered once and kept; 20 parallel downloads get the same bytes and leave one stored row', async () => {
    const { token, test } = await finishedKazakh('192.168.201.1');
    // The download limit's window is fixed: the clock stands still for the 21 downloads (see the test above).
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const responses = await Promise.all(Array.from({ length: 20 }, () => certificateGet(withToken('GET', '/api/tests/attempt/certificate', token))));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    for (const b of bodies) expect(b.equals(bodies[0]!)).toBe(true);
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.number, test.certificate!.number));
    const rows = await t.db.select().from(certificatePdfs).where(eq(certificatePdfs.certificateId, cert!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pdf.equals(bodies[0]!)).toBe(true);
    // 20 per token in 10 minutes.
    expect((await certificateGet(withToken('GET', '/api/tests/attempt/certificate', token))).status).toBe(429);
  });

  it('Kazakh: names are normalised and only Latin or Cyrillic letters are accepted, with a message in each language', async () => {
    const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin(), { firstName: 'Ａｉｄａ', lastName: '  Нұр   Ali’Ханова-Ким ' })), { ip: '192.168.202.1' }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as Started).test.taker).toMatchObject({ firstName: 'Aida', lastName: "Нұр Ali'Ханова-Ким" });
    const messages = Object.fromEntries(
      ['ru', 'kk', 'en'].map((l) => [l, (JSON.parse(readFileSync(`messages/${l}.json`, 'utf8')) as { Validation: Record<string, string> }).Validation.name_letters]),
    );
    for (const [name, locale] of [['张伟', 'en'], ['محمد', 'ru'], ['Ali.', 'kk'], ['Анна2', 'en'], ['--', 'ru']] as const) {
      const bad = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin(), { firstName: name })), { locale, ip: '192.168.202.2' }));
      expect(bad.status, name).toBe(422);
      expect(((await bad.json()) as ErrorBody).error.fields?.firstName, name).toBe(messages[locale]);
    }
  });

  it('certificate look-ups: an unknown number is not found, and an address is stopped after 30 look-ups without a look-up', async () => {
    const { test } = await finishedKazakh('192.168.203.1');
    const number = test.certificate!.number;
    expect(await lookupCertificate(t.db, 'addr-1', number)).toMatchObject({ status: 'found', certificate: { number, identityChecked: false } });
    expect(await lookupCertificate(t.db, 'addr-1', 'TLM-2026-AAAAAAAA')).toEqual({ status: 'not_found' });
    expect(await lookupCertificate(t.db, 'addr-1', '<script>')).toEqual({ status: 'not_found' });
    for (let i = 3; i < LOOKUP_LIMIT.max; i++) await lookupCertificate(t.db, 'addr-1', 'TLM-2026-AAAAAAAA');
    expect(await lookupCertificate(t.db, 'addr-1', number)).toEqual({ status: 'limited' });
    expect(await lookupCertificate(t.db, 'addr-2', number)).toMatchObject({ status: 'found' });
  });
  it('kazakh: the cabinet of a signed-in taker shows the level, never the counts', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ role: 'student', name: 'Aigul', lastname: 'Sadyk', phone: '+77015550002', passwordHash: 'x' })
      .returning();
    const { sid } = await startSession(t.db, user!.id);
    const req = jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())));
    req.headers.set('authorization', `Bearer ${await signAccessToken({ sub: user!.id, scope: 'student', sid }, appSecret())}`);
    const { token, test } = (await (await kazakhPost(req)).json()) as Started;
    const right = rightAnswers(test);
    const res = await finishPost(withToken('POST', '/api/tests/attempt/finish', token, { answers: right }));
    expect(res.status).toBe(200);
    const member = await profile(t.db, user!);
    expect(member.tests).toEqual([expect.objectContaining({ kind: 'kazakh', cefr: 'C1', correct: null, total: null })]);
    expect(JSON.stringify(member.tests)).not.toMatch(/"correct":\d/);
  });
});
