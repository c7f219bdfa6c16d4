import { and, eq, inArray } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@/lib/audit/log';
import { openSession } from '@/lib/auth/http';
import { saveDuty } from '@/lib/chat-help/duty';
import { chatTimeLeft } from '@/lib/chat-help/money';
import { chatFirstAnswerShare } from '@/lib/chat-help/metrics';
import { noticeWaitingQuestions } from '@/lib/chat-help/notify';
import { askQuestion, closeIdleQuestions, postMessage, takeQuestion } from '@/lib/chat-help/questions';
import { CHAT_BLOCK_TIYN, CHAT_HOUR_TIYN, CHAT_TUTOR_BLOCK_TIYN } from '@/lib/chat-help/rules';
import { chatHelpQuestions, fiscalReceipts, outbox, paymentOrders, paymentRefunds, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ACCOUNTS, balance, ledgerTotal } from '@/lib/money/ledger';
import { approveRegister, payoutRegister, schoolMonth, tutorStatements } from '@/lib/payments/payouts';
import { creditPaid } from '@/lib/payments/settle';
import { addMonths } from '@/lib/time/calendar';
import { chatDutySchema } from '@/lib/validations/chat-help';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { eventually, payOnHostedPage, purchasableTutor, startPaymentWorld, type PaymentWorld } from '@/test/payments';
import { call } from '@/test/staff';
import { GET as studentChat } from './route';
import { POST as checkout } from './checkout/route';
import { POST as ask } from './questions/route';
import { GET as thread } from './questions/[id]/route';
import { POST as message } from './questions/[id]/messages/route';
import { POST as take } from './questions/[id]/take/route';
import { GET as photoRoute } from './questions/[id]/photos/[photo]/route';
import { POST as upload } from './photos/route';
import { POST as refund } from './refund/route';
import { PUT as dutyPut } from './duty/route';

const APPROVE = '4405639704015096';
const MIN = 60_000;
let n = 0;
const phone = () => `+7708${String(40_000_000 + ++n).slice(1)}`;

function req(path: string, opts: { body?: unknown; raw?: Uint8Array; token?: string; locale?: string; method?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': `10.34.${n & 255}.${(n * 5) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.raw) headers.set('content-type', 'application/octet-stream');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  const body = opts.raw ? new Uint8Array(opts.raw) : opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new NextRequest(`http://localhost${path}`, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
}
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

// A fixed Monday, 10:00 in Almaty: the rules are read from an injected clock.
const t0 = new Date('2026-11-30T05:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);
const allWeek = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[0, 1440]]]));
/** 09:00–12:00 Almaty on Mondays only. */
const mondayMorning = { '1': [[9 * 60, 12 * 60]] };

async function userRow(db: Db, id: number) {
  return (await db.select().from(users).where(eq(users.id, id)))[0]!;
}

/** A student with `hours` of chat help credited as the bank's word would (no HTTP: the rules' tests). */
async function studentWithHours(db: Db, hours: number, hourTenge = 500) {
  const id = await insertTestUser(db, { phone: phone(), name: 'Аружан', lastname: 'Сейтқали' });
  if (hours > 0) await creditHours(db, id, hours, hourTenge);
  const user = await userRow(db, id);
  return { user, token: (await openSession(db, { id, scope: user.scope })).accessToken };
}

let invoice = 0;
/** Hours of chat help bought at `hourTenge` an hour, credited as the bank's word would. */
async function creditHours(db: Db, studentId: number, hours: number, hourTenge = 500) {
  const [order] = await db
    .insert(paymentOrders)
    .values({ studentId, tutorId: null, subject: 'chat_help', plan: 'chat', product: 'chat_help', lessons: hours, tutorPrice: hourTenge, perLessonTiyn: hourTenge * 100, amountTiyn: hourTenge * 100 * hours, provider: 'epay', invoiceId: String(800_000_000 + ++invoice), secretHash: 'x' })
    .returning();
  await db.transaction((tx) => creditPaid(tx as unknown as Db, order!, { providerPaymentId: `chat-tx-${order!.invoiceId}`, amountTiyn: order!.amountTiyn }));
}

/** An approved tutor of `subjects`, on duty by `weekly`. */
async function dutyTutor(db: Db, weekly: Record<string, number[][]> = allWeek, subjects = ['english']) {
  const id = await purchasableTutor(db, { phone: phone(), subjects });
  const user = await userRow(db, id);
  await saveDuty(db, user, chatDutySchema.parse({ subjects, weekly, active: true }));
  return { user, token: (await openSession(db, { id, scope: user.scope })).accessToken };
}

/**
 * Tutor chat help (issue 34; docs/chat-help.md): hours bought through the checkout, questions taken
 * by tutors on duty, time counted by the published rule from the server's record (6-minute blocks
 * of 50 ₸ from the student's message to the reply, at most 3 a reply), the tutor's share in the
 * month's register, unused time refunded. Runs on PostgreSQL too (test/postgres-pass.txt).
 */
describe(`tutor chat help (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('a reply costs the started 6-minute blocks since the message it answers (at most 3); a second reply in a row costs nothing; the tutor earns half', async () => {
    const s = await studentWithHours(t.db, 1);
    const tutor = await dutyTutor(t.db);
    const q = await askQuestion(t.db, s.user, { subject: 'english', body: 'Present Perfect или Past Simple: «I ___ (see) him yesterday»?' }, t0);
    expect(q).toMatchObject({ status: 'open', tutor: null });
    await takeQuestion(t.db, tutor.user, q.id, at(2));
    // Counted from the take (the queue's wait is not the tutor's time): 7 minutes, two started blocks.
    expect((await postMessage(t.db, tutor.user, q.id, { body: 'Past Simple: yesterday — законченное время.' }, at(9))).blocks).toBe(2);
    expect((await postMessage(t.db, tutor.user, q.id, { body: 'I saw him yesterday.' }, at(10))).blocks).toBe(0);
    await postMessage(t.db, s.user, q.id, { body: 'А если «today»?' }, at(20));
    // 30 minutes: at most 3 blocks.
    expect((await postMessage(t.db, tutor.user, q.id, { body: 'Тогда Present Perfect: I have seen him today.' }, at(50))).blocks).toBe(3);
    expect(await chatTimeLeft(t.db, s.user.id)).toEqual({ tiyn: CHAT_HOUR_TIYN - 5 * CHAT_BLOCK_TIYN, blocks: 5, minutes: 30 });
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutor.user.id))).toBe(5 * CHAT_TUTOR_BLOCK_TIYN);
    const [row] = await t.db.select().from(chatHelpQuestions).where(eq(chatHelpQuestions.id, q.id));
    expect(row).toMatchObject({ onDuty: true, status: 'taken', tutorId: tutor.user.id, firstAnswerAt: at(9) });
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });

  it('the student sees the minutes left over HTTP; a student with no time is refused in their language; the reply never spends more than is left', async () => {
    const none = await studentWithHours(t.db, 0);
    const messages: Record<string, string> = {};
    for (const locale of ['ru', 'kk', 'en']) {
      const res = await call(ask, req('/api/chat-help/questions', { body: { subject: 'english', body: 'Hello?' }, token: none.token, locale }));
      expect(res.status).toBe(409);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe('chat_help_no_time');
      messages[locale] = error.message;
    }
    expect(new Set(Object.values(messages)).size).toBe(3);
    const bad = await call(ask, req('/api/chat-help/questions', { body: { subject: 'french', body: '' }, token: none.token, locale: 'kk' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as ErrorBody).error.fields ?? {})).toEqual(expect.arrayContaining(['subject']));

    // One block left: a 15-minute answer spends that block only.
    const s = await studentWithHours(t.db, 1);
    const tutor = await dutyTutor(t.db);
    const q = await askQuestion(t.db, s.user, { subject: 'english', body: 'one' }, t0);
    await takeQuestion(t.db, tutor.user, q.id, t0);
    await postMessage(t.db, tutor.user, q.id, { body: 'a' }, at(18));
    await postMessage(t.db, s.user, q.id, { body: 'two' }, at(19));
    await postMessage(t.db, tutor.user, q.id, { body: 'b' }, at(37));
    await postMessage(t.db, s.user, q.id, { body: 'three' }, at(38));
    await postMessage(t.db, tutor.user, q.id, { body: 'c' }, at(56));
    expect((await chatTimeLeft(t.db, s.user.id)).blocks).toBe(1);
    await postMessage(t.db, s.user, q.id, { body: 'four' }, at(57));
    expect((await postMessage(t.db, tutor.user, q.id, { body: 'd' }, at(75))).blocks).toBe(1);
    const res = await call(studentChat, req('/api/chat-help', { token: s.token }));
    expect(((await res.json()) as { timeLeft: unknown }).timeLeft).toEqual({ tiyn: 0, blocks: 0, minutes: 0 });
    // With nothing left the student can no longer write.
    const more = await call(message, req(`/api/chat-help/questions/${q.id}/messages`, { body: { body: 'five' }, token: s.token }), { id: String(q.id) });
    expect(more.status).toBe(409);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });

  it('only a tutor on duty for the subject takes a question, one of two racing wins; a third person reads nothing of it', async () => {
    const s = await studentWithHours(t.db, 1);
    const a = await dutyTutor(t.db);
    const b = await dutyTutor(t.db);
    const offDuty = await dutyTutor(t.db, mondayMorning);
    const kazakhOnly = await dutyTutor(t.db, allWeek, ['kazakh']);
    const q = await askQuestion(t.db, s.user, { subject: 'english', body: 'Which preposition: in / on / at the weekend?' }, new Date());
    // Outside the hours (a Monday at 13:00 Almaty is past 12:00), and another subject: 403.
    const monday1pm = new Date('2026-11-30T08:00:00Z');
    await expect(takeQuestion(t.db, offDuty.user, q.id, monday1pm)).rejects.toMatchObject({ status: 403, code: 'chat_help_not_on_duty' });
    await expect(takeQuestion(t.db, kazakhOnly.user, q.id, monday1pm)).rejects.toMatchObject({ status: 403 });
    // A candidate on duty may read it before taking it.
    const peek = await call(thread, req(`/api/chat-help/questions/${q.id}`, { token: a.token }), { id: String(q.id) });
    expect(((await peek.json()) as { side: string }).side).toBe('candidate');
    const results = await Promise.all([a, b].map((x) => call(take, req(`/api/chat-help/questions/${q.id}/take`, { body: {}, token: x.token }), { id: String(q.id) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    // Once taken, the loser (and anyone else) reads nothing: 404, as for a question that does not exist.
    const loser = results[0]!.status === 409 ? a : b;
    const after = await call(thread, req(`/api/chat-help/questions/${q.id}`, { token: loser.token }), { id: String(q.id) });
    expect(after.status).toBe(404);
    const stranger = await studentWithHours(t.db, 1);
    expect((await call(thread, req(`/api/chat-help/questions/${q.id}`, { token: stranger.token }), { id: String(q.id) })).status).toBe(404);
    expect((await call(message, req(`/api/chat-help/questions/${q.id}/messages`, { body: { body: 'hi' }, token: stranger.token }), { id: String(q.id) })).status).toBe(404);
    // A duty of a subject not on the tutor's profile is refused.
    const res = await call(dutyPut, req('/api/chat-help/duty', { body: { subjects: ['kazakh'], weekly: allWeek, active: true }, token: a.token, method: 'PUT' }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.code).toBe('subject_not_offered');
    // A student is not a tutor: 403.
    expect((await call(dutyPut, req('/api/chat-help/duty', { body: { subjects: ['english'], weekly: allWeek, active: true }, token: s.token, method: 'PUT' }))).status).toBe(403);
  });

  it('a photo of homework: checked and re-encoded, named only by its uploader, served only to the question’s two', async () => {
    const s = await studentWithHours(t.db, 1);
    const tutor = await dutyTutor(t.db);
    const other = await studentWithHours(t.db, 1);
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#fafafa' } }).png().toBuffer();
    const up = await call(upload, req('/api/chat-help/photos', { raw: png, token: s.token }));
    expect(up.status).toBe(201);
    const { photo } = (await up.json()) as { photo: string };
    expect((await call(upload, req('/api/chat-help/photos', { raw: new TextEncoder().encode('not an image'), token: s.token }))).status).toBe(415);
    // Another student cannot name it.
    const stolen = await call(ask, req('/api/chat-help/questions', { body: { subject: 'english', body: 'mine', photo }, token: other.token }));
    expect(stolen.status).toBe(422);
    const created = await call(ask, req('/api/chat-help/questions', { body: { subject: 'english', body: '', photo }, token: s.token }));
    expect(created.status).toBe(201);
    const q = (await created.json()) as { id: number };
    const get = (token: string) => call(photoRoute, req(`/api/chat-help/questions/${q.id}/photos/${photo}`, { token }), { id: String(q.id), photo });
    const mine = await get(s.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect((await get(other.token)).status).toBe(404);
    // The tutor on duty sees it (a candidate), and after taking it.
    expect((await get(tutor.token)).status).toBe(200);
    await takeQuestion(t.db, tutor.user, q.id, new Date());
    expect((await get(tutor.token)).status).toBe(200);
  });

  it('time bought before a price change keeps its price: the oldest hour is spent first, at 40 ₸ a block, and the tutor earns half of that', async () => {
    const s = await studentWithHours(t.db, 1, 400);
    await creditHours(t.db, s.user.id, 1, 500);
    expect(await chatTimeLeft(t.db, s.user.id)).toEqual({ tiyn: 90_000, blocks: 20, minutes: 120 });
    const tutor = await dutyTutor(t.db);
    const q = await askQuestion(t.db, s.user, { subject: 'english', body: 'a' }, t0);
    await takeQuestion(t.db, tutor.user, q.id, t0);
    expect((await postMessage(t.db, tutor.user, q.id, { body: 'b' }, at(12))).blocks).toBe(2);
    expect(await chatTimeLeft(t.db, s.user.id)).toEqual({ tiyn: 90_000 - 8_000, blocks: 18, minutes: 108 });
    expect(await balance(t.db, ACCOUNTS.tutorPayable(tutor.user.id))).toBe(4_000);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });

  it('a question nobody wrote in for a day closes by itself; a closed question takes no more messages', async () => {
    const s = await studentWithHours(t.db, 1);
    const q = await askQuestion(t.db, s.user, { subject: 'kazakh', body: 'Мен кітап ___ (оқу).' }, t0);
    const status = async () => (await t.db.select().from(chatHelpQuestions).where(eq(chatHelpQuestions.id, q.id)))[0]!.status;
    await closeIdleQuestions(t.db, at(23 * 60));
    expect(await status()).toBe('open');
    expect(await closeIdleQuestions(t.db, at(24 * 60 + 1))).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('closed');
    await expect(postMessage(t.db, s.user, q.id, { body: 'ау?' }, at(24 * 60 + 2))).rejects.toMatchObject({ status: 409, code: 'chat_help_closed' });
  });
});

/** The first-answer promise on the dashboard: questions asked on duty, answered within 15 minutes. */
describe(`chat help's promise (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  it('in time, late, unanswered past the promise, and asked off duty (not counted); the median of the answered', async () => {
    const s = await studentWithHours(t.db, 3);
    const tutor = await dutyTutor(t.db, mondayMorning);
    const fast = await askQuestion(t.db, s.user, { subject: 'english', body: 'fast' }, t0);
    await takeQuestion(t.db, tutor.user, fast.id, at(1));
    await postMessage(t.db, tutor.user, fast.id, { body: 'a' }, at(5));
    const slow = await askQuestion(t.db, s.user, { subject: 'english', body: 'slow' }, at(1));
    await takeQuestion(t.db, tutor.user, slow.id, at(20));
    await postMessage(t.db, tutor.user, slow.id, { body: 'b' }, at(26));
    const waiting = await askQuestion(t.db, s.user, { subject: 'english', body: 'waiting' }, at(30));
    expect(waiting).toBeDefined();
    // Asked at 14:00 on the Monday: past the 09:00–12:00 duty, so the promise does not apply.
    await askQuestion(t.db, (await studentWithHours(t.db, 1)).user, { subject: 'english', body: 'late' }, at(4 * 60));
    // At 10:40: the waiting one is not due yet (10:30 + 15), so two are counted.
    expect(await chatFirstAnswerShare(t.db, 7, at(40))).toEqual({ counted: 2, inTime: 1, share: 0.5, medianMinutes: 15 });
    // At 10:50 it is past due, unanswered: missed.
    expect(await chatFirstAnswerShare(t.db, 7, at(50))).toMatchObject({ counted: 3, inTime: 1 });
  });
});

/** A question waiting for a tutor during duty hours is e-mailed once to the tutors on duty (lib/chat-help/notify.ts). */
describe(`chat help's notice of a waiting question (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  it('after 5 minutes on duty: once to each tutor on duty for its subject, in their language, without the question\'s text; a question taken in time, none', async () => {
    // Monday 10:00 in Almaty (t0), inside the 09:00–12:00 duty.
    const s = await studentWithHours(t.db, 1);
    const ru = await dutyTutor(t.db, mondayMorning);
    const kk = await dutyTutor(t.db, mondayMorning);
    const kazakhOnly = await dutyTutor(t.db, mondayMorning, ['kazakh']);
    const offDuty = await dutyTutor(t.db, { '2': [[9 * 60, 12 * 60]] });
    const emails = ['duty-ru@school.kz', 'duty-kk@school.kz', 'duty-kazakh@school.kz', 'duty-off@school.kz'];
    for (const [i, [p, locale]] of ([[ru, 'ru'], [kk, 'kk'], [kazakhOnly, 'ru'], [offDuty, 'en']] as const).entries()) await t.db.update(users).set({ email: emails[i], locale }).where(eq(users.id, p.user.id));
    await askQuestion(t.db, s.user, { subject: 'english', body: 'Мой номер +77011234567, помогите с Past Simple' }, t0);
    expect(await noticeWaitingQuestions(t.db, at(4))).toBe(0);
    expect(await noticeWaitingQuestions(t.db, at(5))).toBe(1);
    expect(await noticeWaitingQuestions(t.db, at(6))).toBe(0);
    const mails = await t.db.select().from(outbox).where(inArray(outbox.recipient, emails));
    expect(mails.map((m) => m.recipient).sort()).toEqual(['duty-kk@school.kz', 'duty-ru@school.kz']);
    const kkMail = mails.find((m) => m.recipient === 'duty-kk@school.kz')!;
    expect(kkMail.subject).toContain('Ағылшын тілі');
    expect(kkMail.body).toMatch(/\/kk\/cabinet\/chat/);
    const ruMail = mails.find((m) => m.recipient === 'duty-ru@school.kz')!;
    expect(ruMail.subject).toContain('Английский язык');
    expect(ruMail.body).toContain('ждёт репетитора уже 5 минут.');
    for (const m of mails) expect(m.body).not.toContain('+77011234567');

    // Taken within 5 minutes: nobody is mailed; past the promise's 15 minutes: too late to help, none either.
    const taken = await askQuestion(t.db, s.user, { subject: 'english', body: 'taken' }, at(20));
    await takeQuestion(t.db, ru.user, taken.id, at(22));
    await askQuestion(t.db, s.user, { subject: 'english', body: 'found late' }, at(30));
    expect(await noticeWaitingQuestions(t.db, at(26))).toBe(0);
    expect(await noticeWaitingQuestions(t.db, at(46))).toBe(0);
    expect(await t.db.select().from(outbox).where(inArray(outbox.recipient, emails))).toHaveLength(2);
  });

  it('a question with nobody on duty to tell is not used up: the tutor who can be told later still is', async () => {
    // Tuesday 10:00 in Almaty: this tutor alone is on duty for Kazakh then.
    const tuesday = new Date('2026-12-01T05:00:00Z');
    const onTuesday = (minutes: number) => new Date(tuesday.getTime() + minutes * MIN);
    const s = await studentWithHours(t.db, 1);
    const tutor = await dutyTutor(t.db, { '2': [[9 * 60, 12 * 60]] }, ['kazakh']);
    await t.db.update(users).set({ email: null }).where(eq(users.id, tutor.user.id));
    await askQuestion(t.db, s.user, { subject: 'kazakh', body: 'later' }, tuesday);
    expect(await noticeWaitingQuestions(t.db, onTuesday(5))).toBe(0);
    await t.db.update(users).set({ email: 'duty-later@school.kz' }).where(eq(users.id, tutor.user.id));
    expect(await noticeWaitingQuestions(t.db, onTuesday(7))).toBe(1);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'duty-later@school.kz'))).toHaveLength(1);
  });

  it('the student is e-mailed once, at the first answer, in their language, with the tutor’s name and not the answer', async () => {
    const s = await studentWithHours(t.db, 1);
    await t.db.update(users).set({ email: 'asker@example.kz', locale: 'kk' }).where(eq(users.id, s.user.id));
    const q = await askQuestion(t.db, s.user, { subject: 'kazakh', body: 'Мен кітап ___ (оқу).' }, t0);
    const mails = () => t.db.select().from(outbox).where(eq(outbox.recipient, 'asker@example.kz'));
    expect(await mails()).toHaveLength(0);
    // A tutor of Kazakh on duty answers twice; the student writes in between.
    const kazakhTutor = await dutyTutor(t.db, mondayMorning, ['kazakh']);
    await t.db.update(users).set({ name: 'Гүлнар', lastname: 'Әбенова' }).where(eq(users.id, kazakhTutor.user.id));
    await takeQuestion(t.db, kazakhTutor.user, q.id, new Date(t0.getTime() + MIN));
    await postMessage(t.db, kazakhTutor.user, q.id, { body: 'Мен кітап оқып отырмын — secret answer' }, new Date(t0.getTime() + 3 * MIN));
    await postMessage(t.db, s.user, q.id, { body: 'Рақмет!' }, new Date(t0.getTime() + 4 * MIN));
    await postMessage(t.db, kazakhTutor.user, q.id, { body: 'Оқимын да болады.' }, new Date(t0.getTime() + 5 * MIN));
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('Қазақ тілі');
    expect(sent[0]!.body).toContain('Гүлнар Ә.');
    expect(sent[0]!.body).toMatch(/\/kk\/cabinet\/chat/);
    expect(sent[0]!.body).not.toContain('secret answer');
  });
});

/** Hours bought and given back through the bank's fake over real HTTP; the tutor's share paid in the month's register. */
describe(`chat help's money through the bank (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let world: PaymentWorld;
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    world = await startPaymentWorld();
  });
  afterAll(async () => {
    await world.close();
    vi.restoreAllMocks();
  });

  it('three hours paid on the hosted page; two blocks answered; the rest back to the card with a return receipt, once; the tutor’s 50 ₸ in the register', async () => {
    const id = await insertTestUser(t.db, { phone: phone(), name: 'Дана', lastname: 'Омарова' });
    const user = await userRow(t.db, id);
    const { accessToken: token } = await openSession(t.db, { id, scope: user.scope });
    expect((await call(checkout, req('/api/chat-help/checkout', { body: { hours: 2 }, token, locale: 'kk' }))).status).toBe(422);
    const started = await call(checkout, req('/api/chat-help/checkout', { body: { hours: 3 }, token }));
    expect(started.status).toBe(201);
    const body = (await started.json()) as { invoiceId: string; amountTiyn: number; start: Parameters<typeof payOnHostedPage>[1] };
    expect(body.amountTiyn).toBe(3 * CHAT_HOUR_TIYN);
    await payOnHostedPage(world.fake, body.start, APPROVE);
    const order = await eventually(async () => (await t.db.select().from(paymentOrders).where(and(eq(paymentOrders.invoiceId, body.invoiceId), eq(paymentOrders.status, 'paid'))))[0]);
    expect(order).toMatchObject({ product: 'chat_help', plan: 'chat', tutorId: null, lessons: 3 });
    expect(await chatTimeLeft(t.db, id)).toMatchObject({ blocks: 30, minutes: 180 });

    const tutor = await dutyTutor(t.db);
    const q = await askQuestion(t.db, user, { subject: 'english', body: 'How do I say «я опаздываю»?' }, new Date());
    const now = new Date();
    await takeQuestion(t.db, tutor.user, q.id, now);
    expect((await postMessage(t.db, tutor.user, q.id, { body: 'I’m running late.' }, new Date(now.getTime() + 7 * MIN))).blocks).toBe(2);

    const res = await call(refund, req('/api/chat-help/refund', { body: {}, token }));
    expect(res.status).toBe(201);
    const { refunds } = (await res.json()) as { refunds: { amountTiyn: number; status: string }[] };
    expect(refunds).toEqual([expect.objectContaining({ amountTiyn: 3 * CHAT_HOUR_TIYN - 2 * CHAT_BLOCK_TIYN, status: 'done' })]);
    expect((await t.db.select().from(chatHelpQuestions).where(eq(chatHelpQuestions.id, q.id)))[0]).toMatchObject({ status: 'closed', closedBy: 'refund' });
    const again = await call(refund, req('/api/chat-help/refund', { body: {}, token, locale: 'en' }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe('chat_help_nothing_to_refund');
    const [r] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(r).toMatchObject({ packageId: null, groupSeatId: null, status: 'done' });
    expect((await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id))).map((x) => x.kind).sort()).toEqual(['sale', 'sale_return']);
    expect(await chatTimeLeft(t.db, id)).toMatchObject({ blocks: 0 });

    // The month's register: a tutor who only answered in chat has a line with the chat earning (no plan's fee).
    const month = schoolMonth(now);
    const nextMonth = new Date(`${addMonths(`${month}-01`, 1)}T12:00:00+05:00`);
    const statements = await tutorStatements(t.db, tutor.user.id, now);
    expect(statements[0]).toMatchObject({ month, lessons: 0, chatTiyn: 2 * CHAT_TUTOR_BLOCK_TIYN, earningTiyn: 2 * CHAT_TUTOR_BLOCK_TIYN });
    const fin: Actor = { kind: 'staff', id: 1, label: 'finance@school.kz', ipHash: 'test' };
    await approveRegister(t.db, fin, month, nextMonth);
    const view = await payoutRegister(t.db, month, {}, nextMonth);
    expect(view.lines.find((l) => l.tutorId === tutor.user.id)).toMatchObject({ lessons: 0, chatTiyn: 2 * CHAT_TUTOR_BLOCK_TIYN, earningTiyn: 2 * CHAT_TUTOR_BLOCK_TIYN, bookedTiyn: 2 * CHAT_TUTOR_BLOCK_TIYN });
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });
});
