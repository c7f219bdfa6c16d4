import 'server-only';
import { errorForLog } from '@/lib/api/error-log';
import { isDbClosed } from '@/lib/db/open';
import type { Db } from '@/lib/db/types';

/**
 * The one shape of the app's Server-Sent Events streams (the lesson room's log, a chat help
 * question's messages): what is new is read from the database when the bus wakes the stream
 * (lib/runtime/bus.ts) and on every heartbeat (the fallback for a wake-up that never came); reads run one
 * at a time and a wake-up during a read runs it once more after; a comment line at each heartbeat
 * keeps proxies from timing the stream out; `retry: 2000` tells a client when to come back, and
 * each event's `id:` lets it resume with Last-Event-ID.
 *
 * Streams of one group (one side of one room, one person in one question) are capped in this
 * process (security.md H1): a new one beyond `max` closes the oldest with `event: superseded`, so
 * however many are opened, at most `max` read the database. Instances each keep their own count;
 * nginx caps streams per address in front (deploy/nginx/tilmen-proxy.conf).
 */
export interface SseSpec {
  db: Db;
  /** For the logs: "[room]", "[chat]". */
  label: string;
  group: { key: string; max: number };
  signal: AbortSignal;
  heartbeatMs: number;
  /** Ends the stream with `event: end` after this long (none: open until the client goes). */
  endsInMs?: number;
  /** Hears the bus's wake-ups for what this stream shows; returns the unsubscribe. */
  subscribe(wake: () => void): () => void;
  /** Before the stream starts: `first` when no other stream of the group is open in this process. A throw refuses the stream. */
  opened?(first: boolean): Promise<void>;
  /** Reads what is new and writes it (`write` takes whole SSE blocks, see `sseBlock`); `end()` closes the stream after `event: end`. */
  pump(write: (block: string) => void, end: () => void): Promise<void>;
  /** Written once, after the first read (the backlog is delivered). */
  ready?(): string;
  /** Each heartbeat, before the read (presence, facts). Errors are logged, the stream goes on. */
  beat?(): Promise<void>;
  /** The stream closed; `last`: no other stream of its group is open in this process. */
  closed?(last: boolean): Promise<void>;
}

const encoder = new TextEncoder();
const groups = new Map<string, { supersede: () => void }[]>();

/** One SSE block: an event with its id (resumable) and name, the data as JSON. */
export function sseBlock(data: unknown, opts: { id?: number; event?: string } = {}): string {
  return `${opts.id !== undefined ? `id: ${opts.id}\n` : ''}${opts.event ? `event: ${opts.event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: the compression middleware leaves the stream alone; X-Accel-Buffering: nginx too.
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
} as const;

/** Opens a stream as `spec` says (see SseSpec). */
export async function openSse(spec: SseSpec): Promise<Response> {
  const { db, label } = spec;
  const siblings = groups.get(spec.group.key) ?? [];
  groups.set(spec.group.key, siblings);
  const entry = { supersede: () => {} };
  const first = siblings.length === 0;
  siblings.push(entry);
  while (siblings.length > spec.group.max) siblings.shift()!.supersede();
  const leave = () => {
    const at = siblings.indexOf(entry);
    if (at >= 0) siblings.splice(at, 1);
    const last = siblings.length === 0;
    if (last && groups.get(spec.group.key) === siblings) groups.delete(spec.group.key);
    return last;
  };
  try {
    await spec.opened?.(first);
  } catch (err) {
    leave();
    throw err;
  }

  let closed = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};
  let closeStream = async () => {};

  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (block: string) => {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(block));
          } catch {
            void close();
          }
        };
        const end = () => {
          write('event: end\ndata: {}\n\n');
          void close();
        };
        const pump = (): Promise<void> => {
          if (pumping) {
            again = true;
            return pumping;
          }
          pumping = (async () => {
            do {
              again = false;
              if (closed || isDbClosed(db)) return;
              await spec.pump(write, end);
            } while (again && !closed);
          })()
            .catch((err: unknown) => {
              if (!isDbClosed(db)) console.error(`[${label}] could not read:`, errorForLog(err));
            })
            .finally(() => {
              pumping = null;
            });
          return pumping;
        };
        const close = async () => {
          if (closed) return;
          closed = true;
          const last = leave();
          unsubscribe();
          for (const t of timers) clearTimeout(t);
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
          if (isDbClosed(db)) return;
          try {
            await spec.closed?.(last);
          } catch (err) {
            if (!isDbClosed(db)) console.error(`[${label}] could not record a close:`, errorForLog(err));
          }
        };
        closeStream = close;
        entry.supersede = () => {
          write('event: superseded\ndata: {}\n\n');
          void close();
        };
        // Superseded before the stream started (a burst of opens): close at once.
        if (!siblings.includes(entry)) entry.supersede();

        write('retry: 2000\n\n');
        unsubscribe = spec.subscribe(() => void pump());
        void pump().then(() => spec.ready && write(spec.ready()));
        const beat = setInterval(() => {
          if (closed) return;
          write(': ping\n\n');
          void (async () => {
            try {
              await spec.beat?.();
            } catch (err) {
              if (!isDbClosed(db)) console.error(`[${label}] heartbeat failed:`, errorForLog(err));
            }
            await pump();
          })();
        }, spec.heartbeatMs);
        beat.unref?.();
        timers.push(beat);
        if (spec.endsInMs !== undefined) {
          const timer = setTimeout(end, Math.max(0, Math.min(spec.endsInMs, 2_147_000_000)));
          timer.unref?.();
          timers.push(timer);
        }
        if (spec.signal.aborted) void close();
        else spec.signal.addEventListener('abort', () => void close(), { once: true });
      },
      cancel() {
        void closeStream();
      },
    }),
    { headers: SSE_HEADERS },
  );
}
