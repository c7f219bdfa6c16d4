import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { saveDuty } from '@/lib/chat-help/duty';
import { refundChatTime } from '@/lib/chat-help/money';
import { askQuestion, closeIdleQuestions, closeQuestion, postMessage, takeQuestion } from '@/lib/chat-help/questions';
import { paymentOrders, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { creditPaid } from '@/lib/payments/settle';
import { stopBus } from '@/lib/runtime/bus';
import { chatDutySchema } from '@/lib/validations/chat-help';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { purchasableTutor } from '@/test/payments';
import { readFrames, type Frame } from '@/test/sse';
import { call } from '@/test/staff';
import { GET as events } from './questions/[id]/events/route';
import { GET as queueEvents } from './tutor/events/route';
import { POST as close } from './questions/[id]/close/route';
import { POST as message } from './questions/[id]/messages/route';
import { POST as take } from './questions/[id]/take/route';

let n = 0;
const phone = () => `+7708${String(50_000_000 + ++n).slice(1)}`;
const allWeek = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[0, 1440]]]));

function req(path: string, opts: { body?: unknown; token?: string; lastEventId?: string; signal?: AbortSignal } = {}) {
  const headers = new Headers({ 'accept-language': 'ru', 'x-forwarded-for': `10.35.${n & 255}.${(n * 3) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  if (opts.lastEventId) headers.set('last-event-id', opts.lastEventId);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: opts.signal });
}

async function person(db: Db, id: number) {
  const user = (await db.select().from(users).where(eq(users.id, id)))[0]!;
  return { user, token: (await openSession(db, { id, scope: user.scope })).accessToken };
}

let invoice = 0;
async function studentWithAnHour(db: Db) {
  const id = await insertTestUser(db, { phone: phone(), name: 'Аружан', lastname: 'Сейтқали' });
  const [order] = await db
    .insert(paymentOrders)
    .values({ studentId: id, tutorId: null, subject: 'chat_help', plan: 'chat', product: 'chat_help', lessons: 1, tutorPrice: 500, perLessonTiyn: 50_000, amountTiyn: 50_000, provider: 'epay', invoiceId: String(810_000_000 + ++invoice), secretHash: 'x' })
    .returning();
  await db.transaction((tx) => creditPaid(tx as unknown as Db, order!, { providerPaymentId: `chat-stream-${order!.invoiceId}`, amountTiyn: 50_000 }));
  return person(db, id);
}

async function dutyTutor(db: Db) {
  const id = await purchasableTutor(db, { phone: phone(), subjects: ['english'] });
  const p = await person(db, id);
  await saveDuty(db, p.user, chatDutySchema.parse({ subjects: ['english'], weekly: allWeek, active: true }));
  return p;
}

type Question = { status: string; tutor: string | null };
type State = { question: Question; side: string; timeLeft: { minutes: number } | null };
const states = (f: Frame[]) => f.filter((x) => x.event === 'question').map((x) => x.data as State);
const messages = (f: Frame[]) => f.filter((x) => x.event === 'message').map((x) => ({ ...(x.data as { id: number; side: string; body: string; blocks: number }), eventId: Number(x.id) }));

/**
 * A chat help question's conversation comes through the lesson room's kind of event stream
 * (lib/chat-help/stream.ts on lib/api/sse.ts), woken through the same bus (lib/runtime/bus.ts): what
 * is stored is pushed to each of its readers at once, resumable after a drop, and to nobody else.
 * Runs on PostgreSQL too (LISTEN/NOTIFY between connections: test/postgres-pass.txt).
 */
describe(`chat help's event stream (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  afterAll(() => stopBus());

  it('the question, its messages and every change reach the student and the tutor as they are stored; a drop resumes after the last id; a closed question ends it', async () => {
    const s = await studentWithAnHour(t.db);
    const a = await dutyTutor(t.db);
    const b = await dutyTutor(t.db);
    const q = await askQuestion(t.db, s.user, { subject: 'english', body: 'Since or for: «I have lived here ___ 2019»?' });
    const path = `/api/chat-help/questions/${q.id}/events`;
    const ctl = new AbortController();
    const open = async (token: string, lastEventId?: string) => {
      const res = await call(events, req(path, { token, lastEventId, signal: ctl.signal }), { id: String(q.id) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return res;
    };
    try {
      // The student: the question (waiting, the time left: 60 minutes) and the first message.
      const studentRes = await open(s.token);
      let seen = await readFrames(studentRes, (f) => messages(f).length === 1);
      expect(states(seen)[0]).toMatchObject({ side: 'student', question: { status: 'open', tutor: null }, timeLeft: { minutes: 60 } });
      const first = messages(seen)[0]!;
      expect(first).toMatchObject({ side: 'student', body: q.preview });
      expect(first.eventId).toBe(first.id);

      // Two tutors on duty read it before taking it; B takes it: A is told it is gone, and the stream ends.
      const aRes = await open(a.token);
      expect(states(await readFrames(aRes, (f) => messages(f).length === 1))[0]).toMatchObject({ side: 'candidate' });
      expect((await call(take, req(`/api/chat-help/questions/${q.id}/take`, { body: {}, token: b.token }), { id: String(q.id) })).status).toBe(200);
      const aEnd = await readFrames(aRes, (f) => f.some((x) => x.event === 'end'));
      expect(aEnd.map((x) => x.event)).toEqual(['gone', 'end']);
      seen = await readFrames(studentRes, (f) => states(f).some((x) => x.question.status === 'taken'));
      expect(states(seen).at(-1)!.question.tutor).toMatch(/^\S+ \S\.$/);

      // B answers: the reply and the minutes it cost reach the student.
      const bRes = await open(b.token);
      await readFrames(bRes, (f) => messages(f).length === 1);
      expect((await call(message, req(`/api/chat-help/questions/${q.id}/messages`, { body: { body: 'Since 2019: a point in time.' }, token: b.token }), { id: String(q.id) })).status).toBe(201);
      seen = await readFrames(studentRes, (f) => messages(f).length === 1 && states(f).some((x) => x.timeLeft!.minutes < 60));
      const reply = messages(seen)[0]!;
      expect(reply).toMatchObject({ side: 'tutor', body: 'Since 2019: a point in time.' });
      expect(reply.id).toBeGreaterThan(first.id);
      expect(states(seen).at(-1)!.timeLeft!.minutes).toBe(60 - 6 * reply.blocks);
      expect(messages(await readFrames(bRes, (f) => messages(f).length === 1))[0]!.id).toBe(reply.id);

      // A page that lost its connection comes back with Last-Event-ID: only what came after it.
      const again = await open(s.token, String(first.id));
      expect(messages(await readFrames(again, (f) => messages(f).length >= 1)).map((m) => m.id)).toEqual([reply.id]);

      // The student closes it: each stream says so and ends.
      expect((await call(close, req(`/api/chat-help/questions/${q.id}/close`, { body: {}, token: s.token }), { id: String(q.id) })).status).toBe(200);
      for (const res of [studentRes, bRes]) {
        const last = await readFrames(res, (f) => f.some((x) => x.event === 'end'));
        expect(states(last).at(-1)!.question.status).toBe('closed');
        expect(last.at(-1)!.event).toBe('end');
      }
    } finally {
      ctl.abort();
    }
  });

  it('nobody else opens it (404, as for a question that does not exist), and a burst of opens is refused', async () => {
    const s = await studentWithAnHour(t.db);
    const stranger = await studentWithAnHour(t.db);
    const q = await askQuestion(t.db, s.user, { subject: 'english', body: 'a or the?' });
    const path = `/api/chat-help/questions/${q.id}/events`;
    const ctl = new AbortController();
    try {
      expect((await call(events, req(path, { token: stranger.token, signal: ctl.signal }), { id: String(q.id) })).status).toBe(404);
      expect((await call(events, req(`/api/chat-help/questions/${q.id + 1000}/events`, { token: s.token, signal: ctl.signal }), { id: String(q.id + 1000) })).status).toBe(404);
      expect((await call(events, req(path, { signal: ctl.signal }), { id: String(q.id) })).status).toBe(401);
      // At most three stay open per person: the fourth supersedes the first (its page stops and says so).
      const opened: Response[] = [];
      for (let i = 0; i < 31; i++) opened.push(await call(events, req(path, { token: s.token, signal: ctl.signal }), { id: String(q.id) }));
      expect(opened.slice(0, 30).every((x) => x.status === 200)).toBe(true);
      expect(opened[30]!.status).toBe(429);
      expect((await readFrames(opened[0]!, (f) => f.some((x) => x.event === 'superseded'))).at(-1)!.event).toBe('superseded');
    } finally {
      ctl.abort();
    }
  });
  it("an idle question closed by the background pass, and a refund, end its open streams; a blocked account's stream ends at the next news", async () => {
    const s = await studentWithAnHour(t.db);
    const tutor = await dutyTutor(t.db);
    const ctl = new AbortController();
    const open = async (token: string, id: number) => call(events, req(`/api/chat-help/questions/${id}/events`, { token, signal: ctl.signal }), { id: String(id) });
    try {
      const idle = await askQuestion(t.db, s.user, { subject: 'english', body: 'an or a: «___ hour»?' });
      const idleRes = await open(s.token, idle.id);
      await readFrames(idleRes, (f) => messages(f).length === 1);
      expect(await closeIdleQuestions(t.db, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
      const idleEnd = await readFrames(idleRes, (f) => f.some((x) => x.event === 'end'));
      expect(states(idleEnd).at(-1)!.question).toMatchObject({ status: 'closed' });

      const refunded = await askQuestion(t.db, s.user, { subject: 'english', body: 'who or whom?' });
      const refundRes = await open(s.token, refunded.id);
      await readFrames(refundRes, (f) => messages(f).length === 1);
      await refundChatTime(t.db, s.user);
      expect(states(await readFrames(refundRes, (f) => f.some((x) => x.event === 'end'))).at(-1)!.question).toMatchObject({ status: 'closed' });

      // A tutor reading an open question is blocked: the next news ends their stream, with nothing more.
      const s2 = await studentWithAnHour(t.db);
      const q = await askQuestion(t.db, s2.user, { subject: 'english', body: 'since or for?' });
      const tutorRes = await open(tutor.token, q.id);
      await readFrames(tutorRes, (f) => messages(f).length === 1);
      await t.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, tutor.user.id));
      await postMessage(t.db, s2.user, q.id, { body: 'please help' });
      const after = await readFrames(tutorRes, (f) => f.some((x) => x.event === 'end'));
      expect(messages(after)).toEqual([]);
      expect(after.at(-1)!.event).toBe('end');
    } finally {
      ctl.abort();
    }
  });

  it("a tutor's queue page hears each question asked, taken or closed as it happens; anyone who may not serve is refused", async () => {
    const a = await dutyTutor(t.db);
    const b = await dutyTutor(t.db);
    const s = await studentWithAnHour(t.db);
    const ctl = new AbortController();
    type Queue = { onDuty: string[]; queue: { id: number }[]; mine: { id: number; status: string }[] };
    const queues = (f: Frame[]) => f.filter((x) => x.event === 'queue').map((x) => x.data as Queue);
    try {
      const res = await call(queueEvents, req('/api/chat-help/tutor/events', { token: a.token, signal: ctl.signal }));
      expect(res.status).toBe(200);
      const first = queues(await readFrames(res, (f) => queues(f).length === 1))[0]!;
      expect(first.onDuty).toEqual(['english']);
      const before = first.queue.map((q) => q.id);

      const q = await askQuestion(t.db, s.user, { subject: 'english', body: 'much or many: «How ___ water»?' });
      let seen = queues(await readFrames(res, (f) => queues(f).some((x) => x.queue.some((y) => y.id === q.id))));
      expect(seen.at(-1)!.queue.map((x) => x.id)).toEqual([...before, q.id]);

      // Taken by another tutor: it leaves this tutor's queue.
      await takeQuestion(t.db, b.user, q.id);
      seen = queues(await readFrames(res, (f) => queues(f).some((x) => !x.queue.some((y) => y.id === q.id))));
      expect(seen.at(-1)!.queue.map((x) => x.id)).toEqual(before);

      // The one who took it hears it in their own list, and its close.
      const bRes = await call(queueEvents, req('/api/chat-help/tutor/events', { token: b.token, signal: ctl.signal }));
      expect(queues(await readFrames(bRes, (f) => queues(f).length === 1))[0]!.mine).toEqual([expect.objectContaining({ id: q.id, status: 'taken' })]);
      await closeQuestion(t.db, s.user, q.id);
      seen = queues(await readFrames(bRes, (f) => queues(f).length === 1));
      expect(seen[0]!.mine).toEqual([expect.objectContaining({ id: q.id, status: 'closed' })]);

      // A student is no tutor: 403 before anything opens.
      expect((await call(queueEvents, req('/api/chat-help/tutor/events', { token: s.token, signal: ctl.signal }))).status).toBe(403);
    } finally {
      ctl.abort();
    }
  });
});
