// The lesson room's channel in the browser: the server's event stream read with fetch (it carries
// the bearer token, which EventSource cannot), resumed with Last-Event-ID after a drop, and sends.
import { api } from '@/lib/browser/api/client';
import { getAccessToken } from '@/lib/browser/api/token';

export type RoomSide = 'student' | 'tutor';
export interface RoomEvent {
  seq: number;
  side: RoomSide | 'server';
  kind: 'signal' | 'chat' | 'notes' | 'vocab' | 'board' | 'presence';
  payload: Record<string, unknown>;
  at: string;
}

export interface ChannelHandlers {
  onEvent(e: RoomEvent): void | Promise<void>;
  /** The backlog is delivered (first time and after each reconnection). */
  onReady?(): void;
  /** The stream is down and being reopened (true) or open again (false). */
  onReconnecting?(down: boolean): void;
  /** The lesson ended, or the room refused us (status and error code). */
  onClosed(reason: { status: number; code: string; message?: string }): void;
}

export interface Channel {
  /**
   * Posts an event. A post the network or the server failed (no answer, 408, 429, 5xx) is tried
   * again after 0.5, 1, 2, 4 and 8 s while `wanted()` says it is still worth it; a refusal (another
   * 4xx) is final at once.
   */
  send(kind: RoomEvent['kind'], payload: Record<string, unknown>, wanted?: () => boolean): Promise<void>;
  close(): void;
}

/** The waits before the tries again of a failed post (about 15 s in all: a short network drop). */
export const SEND_RETRY_MS = [500, 1000, 2000, 4000, 8000] as const;

/** A failure worth trying again: no answer at all (offline, reset), a timeout, too many, the server's own. */
export function isTransient(err: unknown): boolean {
  const status = (err as { response?: { status?: number } }).response?.status;
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

/** Parses SSE blocks ("id:", "event:", "data:" lines, blank-line separated) out of `buffer`; returns the rest. */
export function parseSse(buffer: string, onFrame: (f: { id?: string; event: string; data: string }) => void): string {
  let at: number;
  while ((at = buffer.indexOf('\n\n')) >= 0) {
    const block = buffer.slice(0, at);
    buffer = buffer.slice(at + 2);
    const f = { id: undefined as string | undefined, event: 'message', data: '' };
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) f.id = line.slice(4);
      else if (line.startsWith('event: ')) f.event = line.slice(7);
      else if (line.startsWith('data: ')) f.data += line.slice(6);
    }
    if (f.data) onFrame(f);
  }
  return buffer;
}

export function openChannel(lessonId: number, locale: string, handlers: ChannelHandlers): Channel {
  const abort = new AbortController();
  let lastSeq = 0;
  let resumed = false;
  // Events are handled one at a time, in order (negotiation steps must not overlap).
  let queue: Promise<void> = Promise.resolve();

  const run = async () => {
    let delay = 1000;
    while (!abort.signal.aborted) {
      try {
        // Renews the access token when needed (the client refreshes on a 401) and checks the window.
        await api.get(`/api/lessons/${lessonId}/room`);
        const headers: Record<string, string> = { authorization: `Bearer ${getAccessToken() ?? ''}`, 'accept-language': locale };
        if (resumed) headers['last-event-id'] = String(lastSeq);
        const res = await fetch(`/api/lessons/${lessonId}/room/events`, { headers, signal: abort.signal, cache: 'no-store' });
        if (!res.ok || !res.body) {
          const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
          if (res.status === 403 || res.status === 409) {
            handlers.onClosed({ status: res.status, code: body?.error?.code ?? 'forbidden', message: body?.error?.message });
            return;
          }
          throw new Error(`stream ${res.status}`);
        }
        handlers.onReconnecting?.(false);
        delay = 1000;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        let ended = false;
        let superseded = false;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer = parseSse(buffer + value, (f) => {
            if (f.event === 'ready') {
              queue = queue.then(() => handlers.onReady?.());
            } else if (f.event === 'end') {
              ended = true;
            } else if (f.event === 'superseded') {
              // The same side opened the room on more pages than the server keeps (lib/lesson-room/stream.ts).
              superseded = true;
            } else if (f.event === 'message') {
              const e = JSON.parse(f.data) as RoomEvent;
              lastSeq = Math.max(lastSeq, e.seq);
              queue = queue.then(() => handlers.onEvent(e)).catch((err: unknown) => console.error('[room] event failed', err));
            }
          });
        }
        if (ended || superseded) {
          handlers.onClosed({ status: 409, code: superseded ? 'room_elsewhere' : 'room_closed' });
          return;
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        const status = (err as { response?: { status?: number; data?: { error?: { code: string; message: string } } } }).response;
        if (status?.status === 403 || status?.status === 409) {
          handlers.onClosed({ status: status.status, code: status.data?.error?.code ?? 'forbidden', message: status.data?.error?.message });
          return;
        }
      }
      if (abort.signal.aborted) return;
      resumed = true;
      handlers.onReconnecting?.(true);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  };
  void run();

  return {
    async send(kind, payload, wanted = () => true) {
      for (let attempt = 0; ; attempt++) {
        try {
          await api.post(`/api/lessons/${lessonId}/room/events`, { kind, payload });
          return;
        } catch (err) {
          if (!isTransient(err) || attempt >= SEND_RETRY_MS.length || abort.signal.aborted) throw err;
          await new Promise((r) => setTimeout(r, SEND_RETRY_MS[attempt]));
          if (abort.signal.aborted || !wanted()) throw err;
        }
      }
    },
    close: () => abort.abort(),
  };
}
