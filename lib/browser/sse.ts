// The app's event streams in the browser (the lesson room's log, a chat help question): the
// server's Server-Sent Events read with fetch (it carries the bearer token, which EventSource
// cannot), opened again after a drop with a growing wait (1 s to 10 s) and resumed with
// Last-Event-ID. The server's side is lib/api/sse.ts.
import { getAccessToken, tokenEndsWithin } from '@/lib/browser/api/token';

export interface SseFrame {
  id?: string;
  event: string;
  data: string;
}

/** Why a stream is over for good: the server's refusal (status and error code) or its last event. */
export interface SseClosed {
  status: number;
  code: string;
  message?: string;
}

/** Parses SSE blocks ("id:", "event:", "data:" lines, blank-line separated) out of `buffer`; returns the rest. */
export function parseSse(buffer: string, onFrame: (f: SseFrame) => void): string {
  let at: number;
  while ((at = buffer.indexOf('\n\n')) >= 0) {
    const block = buffer.slice(0, at);
    buffer = buffer.slice(at + 2);
    const f: SseFrame = { id: undefined, event: 'message', data: '' };
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) f.id = line.slice(4);
      else if (line.startsWith('event: ')) f.event = line.slice(7);
      else if (line.startsWith('data: ')) f.data += line.slice(6);
    }
    if (f.data) onFrame(f);
  }
  return buffer;
}

export interface FollowSse {
  url: string;
  /**
   * Renews the access token (the API client's `renewToken`): before a connection when there is none
   * or it ends within a minute, and once more after a 401. Its refusal (401, 403: the session is
   * over) ends the stream with 401 `unauthorized`; anything else is tried again like a drop.
   */
  renew?: () => Promise<unknown>;
  /** Before each connection, a call of the page's own (the room reads its window); a throw with a final status ends it. */
  prepare?: () => Promise<void>;
  /** The reader's language (Accept-Language: the server's messages in it). */
  locale: string;
  /** What to resume after (sent as Last-Event-ID), by connection (0 is the first), or null. */
  lastId(attempt: number): string | null;
  onFrame(f: SseFrame): void;
  /** Events after which the stream is over for good, each with the code `onClosed` gets (status 409). */
  finalEvents: Record<string, string>;
  /** Answers that end it for good (a refusal); any other failure is tried again. */
  finalStatuses: number[];
  /** The stream is down and being reopened (true) or open again (false). */
  onReconnecting?(down: boolean): void;
  onClosed(reason: SseClosed): void;
}

/** The refresh call refused: the session is over (the API client has signed the page out). */
class SessionOver extends Error {}

const statusOf = (err: unknown) => (err as { response?: { status?: number } }).response?.status;

/** Follows a stream as `o` says until it is over or the returned abort is called. */
export function followSse(o: FollowSse): () => void {
  const abort = new AbortController();
  const renew = async () => {
    try {
      await o.renew?.();
    } catch (err) {
      const status = statusOf(err);
      throw status === 401 || status === 403 ? new SessionOver() : err;
    }
  };
  const run = async () => {
    let delay = 1000;
    // Set after a 401 was answered by renewing: the next connection goes at once, and a second 401 in a row waits.
    let renewedFor401 = false;
    for (let attempt = 0; !abort.signal.aborted; attempt++) {
      try {
        if (o.prepare) await o.prepare();
        if (o.renew && tokenEndsWithin(getAccessToken(), 60_000)) await renew();
        // The bearer token read after renewing: it may be new.
        const headers: Record<string, string> = { authorization: `Bearer ${getAccessToken() ?? ''}`, 'accept-language': o.locale };
        const last = o.lastId(attempt);
        if (last !== null) headers['last-event-id'] = last;
        const res = await fetch(o.url, { headers, signal: abort.signal, cache: 'no-store' });
        if (!res.ok || !res.body) {
          const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
          if (res.status === 401 && o.renew && !renewedFor401) {
            renewedFor401 = true;
            await renew();
            continue;
          }
          if (o.finalStatuses.includes(res.status)) {
            o.onClosed({ status: res.status, code: body?.error?.code ?? 'forbidden', message: body?.error?.message });
            return;
          }
          throw new Error(`stream ${res.status}`);
        }
        o.onReconnecting?.(false);
        delay = 1000;
        renewedFor401 = false;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        let over: string | null = null;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer = parseSse(buffer + value, (f) => {
            if (f.event in o.finalEvents) over ??= o.finalEvents[f.event]!;
            else o.onFrame(f);
          });
        }
        if (over !== null) {
          o.onClosed({ status: 409, code: over });
          return;
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        const res = (err as { response?: { status?: number; data?: { error?: { code: string; message: string } } } }).response;
        if (err instanceof SessionOver) {
          o.onClosed({ status: 401, code: 'unauthorized' });
          return;
        }
        if (res?.status !== undefined && o.finalStatuses.includes(res.status)) {
          o.onClosed({ status: res.status, code: res.data?.error?.code ?? 'forbidden', message: res.data?.error?.message });
          return;
        }
      }
      if (abort.signal.aborted) return;
      o.onReconnecting?.(true);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  };
  void run();
  return () => abort.abort();
}
