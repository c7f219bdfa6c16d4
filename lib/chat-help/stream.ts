import 'server-only';
// Chat help's event streams (docs/chat-help.md "The conversation's channel"): the lesson room's kind
// of stream (lib/api/sse.ts), woken through the same bus (lib/runtime/bus.ts): a question's stored
// messages (topic `chat`: every message, take and close) and a tutor's queue (topic `queue`: every
// question asked, taken or closed).
import { ApiError } from '@/lib/api/errors';
import { openSse, sseBlock } from '@/lib/api/sse';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { enforceLimits } from '@/lib/rate-limit';
import { bus, type Bus } from '@/lib/runtime/bus';
import { canServe } from './duty';
import { currentUser, questionAccess, questionThread, tutorChat } from './questions';

type User = Parameters<typeof questionThread>[1];

/** Streams one person keeps open on one question in this process (a phone, a laptop, a reloaded tab); a new one supersedes the oldest. */
export const CHAT_STREAMS_PER_PERSON = 3;
/** Streams one person may open on one question in a minute (429 beyond; the page tries again with a growing wait). */
export const CHAT_STREAM_OPENS_PER_MINUTE = 30;

export interface ChatStreamOptions {
  /** The last message id the page has (Last-Event-ID or ?after=). */
  after: number;
  signal: AbortSignal;
  bus?: Bus;
  heartbeatMs?: number;
  now?: () => Date;
}

/**
 * The question's stream for one of its two (or a tutor on duty while it is open; 404 to anyone else,
 * before anything is opened): first `event: question` (the question, the reader's side and, to the
 * student, the time left), then each message after `after` with its id, then whatever comes —
 * a new `question` block whenever one of those changes. A tutor who may no longer read it (another
 * took it) gets `event: gone`; a closed question's stream ends (`event: end`) after saying so.
 */
export async function questionStream(db: Db, user: User, id: number, opts: ChatStreamOptions): Promise<Response> {
  const now = opts.now ?? (() => new Date());
  await questionAccess(db, user, id, now());
  await enforceLimits(db, [{ key: `chat-stream:${id}:${user.id}`, max: CHAT_STREAM_OPENS_PER_MINUTE, windowSeconds: 60 }], now());
  const heard = opts.bus ?? (await bus(db));
  let cursor = opts.after;
  let state = '';
  return openSse({
    db,
    label: 'chat',
    group: { key: `chat:${id}:${user.id}`, max: CHAT_STREAMS_PER_PERSON },
    signal: opts.signal,
    heartbeatMs: opts.heartbeatMs ?? env().ROOM_HEARTBEAT_MS,
    subscribe: (wake) => heard.subscribe('chat', id, wake),
    async pump(write, end) {
      for (;;) {
        // The account as it is now: blocked, it reads nothing more.
        const reader = await currentUser(db, user.id);
        if (!reader) return end();
        let thread;
        try {
          thread = await questionThread(db, reader, id, cursor, now());
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) throw err;
          // A tutor who was reading an open question: another took it, or their duty's hours ended.
          write(sseBlock({}, { event: 'gone' }));
          return end();
        }
        const view = { question: thread.question, side: thread.side, timeLeft: thread.timeLeft };
        const next = JSON.stringify(view);
        if (next !== state) {
          state = next;
          write(sseBlock(view, { event: 'question' }));
        }
        for (const m of thread.messages) {
          cursor = m.id;
          write(sseBlock(m, { id: m.id }));
        }
        if (thread.question.status === 'closed') return end();
        if (thread.messages.length < 500) return;
      }
    },
  });
}

/**
 * A tutor's queue page (`GET /api/chat-help/tutor/events`; 403 to anyone who may not serve): `event:
 * queue` with what `GET /api/chat-help/tutor` answers (the subjects they are on duty for now, the open
 * questions they may take, their own), first and again whenever it changes: a question asked, taken
 * or closed wakes it at once; the heartbeat reads it again too (a duty's hour begins or ends).
 */
export async function tutorQueueStream(db: Db, tutor: User, opts: Omit<ChatStreamOptions, 'after'>): Promise<Response> {
  const now = opts.now ?? (() => new Date());
  if (!canServe(tutor)) throw new ApiError(403, 'forbidden');
  await enforceLimits(db, [{ key: `chat-queue-stream:${tutor.id}`, max: CHAT_STREAM_OPENS_PER_MINUTE, windowSeconds: 60 }], now());
  const heard = opts.bus ?? (await bus(db));
  let state = '';
  return openSse({
    db,
    label: 'chat',
    group: { key: `chat-queue:${tutor.id}`, max: CHAT_STREAMS_PER_PERSON },
    signal: opts.signal,
    heartbeatMs: opts.heartbeatMs ?? env().ROOM_HEARTBEAT_MS,
    subscribe: (wake) => heard.subscribe('queue', 0, wake),
    async pump(write, end) {
      // The account as it is now: blocked, or no longer a tutor who may serve, it hears no more questions.
      const reader = await currentUser(db, tutor.id);
      if (!reader || !canServe(reader)) return end();
      const view = await tutorChat(db, reader, now());
      const next = JSON.stringify(view);
      if (next === state) return;
      state = next;
      write(sseBlock(view, { event: 'queue' }));
    },
  });
}
