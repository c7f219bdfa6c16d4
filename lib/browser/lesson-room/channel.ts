// The lesson room's channel in the browser: the server's event stream (lib/browser/sse.ts: read
// with fetch, resumed with Last-Event-ID after a drop), and sends.
import { api } from '@/lib/browser/api/client';
import { followSse } from '@/lib/browser/sse';

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

export function openChannel(lessonId: number, locale: string, handlers: ChannelHandlers): Channel {
  let lastSeq = 0;
  // Events are handled one at a time, in order (negotiation steps must not overlap).
  let queue: Promise<void> = Promise.resolve();
  let stopped = false;
  const stop = followSse({
    url: `/api/lessons/${lessonId}/room/events`,
    // Renews the access token when needed (the client refreshes on a 401) and checks the window.
    prepare: async () => void (await api.get(`/api/lessons/${lessonId}/room`)),
    locale,
    // A page load gets the room's state; a reconnection resumes after the last event it had.
    lastId: (attempt) => (attempt > 0 ? String(lastSeq) : null),
    onFrame(f) {
      if (f.event === 'ready') {
        queue = queue.then(() => handlers.onReady?.());
      } else if (f.event === 'message') {
        const e = JSON.parse(f.data) as RoomEvent;
        lastSeq = Math.max(lastSeq, e.seq);
        queue = queue.then(() => handlers.onEvent(e)).catch((err: unknown) => console.error('[room] event failed', err));
      }
    },
    // The lesson's end; the same side opened the room on more pages than the server keeps (lib/lesson-room/stream.ts).
    finalEvents: { end: 'room_closed', superseded: 'room_elsewhere' },
    finalStatuses: [403, 409],
    onReconnecting: (down) => handlers.onReconnecting?.(down),
    onClosed: (reason) => handlers.onClosed(reason),
  });

  return {
    async send(kind, payload, wanted = () => true) {
      for (let attempt = 0; ; attempt++) {
        try {
          await api.post(`/api/lessons/${lessonId}/room/events`, { kind, payload });
          return;
        } catch (err) {
          if (!isTransient(err) || attempt >= SEND_RETRY_MS.length || stopped) throw err;
          await new Promise((r) => setTimeout(r, SEND_RETRY_MS[attempt]));
          if (stopped || !wanted()) throw err;
        }
      }
    },
    close: () => {
      stopped = true;
      stop();
    },
  };
}
