import 'server-only';
// A chat help question's event stream (docs/chat-help.md "The conversation's channel"): the lesson
// room's kind of stream (lib/api/sse.ts) over the question's stored messages, woken through the
// same bus (lib/runtime/bus.ts, topic `chat`) by every message, take and close.
import { ApiError } from '@/lib/api/errors';
import { openSse, sseBlock } from '@/lib/api/sse';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { enforceLimits } from '@/lib/rate-limit';
import { bus, type Bus } from '@/lib/runtime/bus';
import { questionThread } from './questions';

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
  await questionThread(db, user, id, Number.MAX_SAFE_INTEGER, now());
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
        let thread;
        try {
          thread = await questionThread(db, user, id, cursor, now());
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) throw err;
          write(sseBlock({}, { event: 'gone' }));
          return end();
        }
        const next = JSON.stringify({ question: thread.question, side: thread.side, timeLeft: thread.timeLeft });
        if (next !== state) {
          state = next;
          write(`event: question\ndata: ${next}\n\n`);
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
