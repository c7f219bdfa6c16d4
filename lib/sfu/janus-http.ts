import 'server-only';
import { randomBytes } from 'node:crypto';
import type { JanusServer } from '@/lib/validations/janus-servers';

// The Janus API over HTTP, as our server speaks it (https://janus.conf.meetecho.com/docs/rest.html):
// POST <url> {janus: "create"} → a session; POST <url>/<session> {janus: "attach", plugin} → a
// handle; POST <url>/<session>/<handle> {janus: "message", body} → the plugin's synchronous answer;
// POST <url>/<session> {janus: "destroy"}. Every request carries the server's API secret
// (`apisecret`). A call opens its own session and closes it: nothing to keep alive, and any app
// instance can make any call.

export type SfuErrorCode =
  /** JANUS_SERVERS names no server (or not this one). */
  | 'not_configured'
  /** The server did not answer in time, or not over HTTP. */
  | 'unreachable'
  /** Every configured server is at its maxRooms. */
  | 'full'
  /** Janus refused the request (the core: secret, session, plugin). */
  | 'janus'
  /** The VideoRoom plugin refused the request (its error_code in `janusCode`). */
  | 'videoroom';

export class SfuError extends Error {
  constructor(
    readonly code: SfuErrorCode,
    message: string,
    /** Janus's or the VideoRoom's numeric error code (403 unauthorized, 426 no such room, 428 no such participant…). */
    readonly janusCode?: number,
  ) {
    super(message);
    this.name = 'SfuError';
  }
}

/** The VideoRoom's error codes we act on (plugins/janus_videoroom.c, JANUS_VIDEOROOM_ERROR_*). */
export const VIDEOROOM_ERRORS = {
  NO_SUCH_ROOM: 426,
  ROOM_EXISTS: 427,
  NO_SUCH_FEED: 428,
  UNAUTHORIZED: 433,
} as const;

/** How long one HTTP request to Janus may take. */
export const JANUS_TIMEOUT_MS = 5000;

const transaction = () => randomBytes(9).toString('base64url');

interface JanusReply {
  janus: string;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
}

async function call(server: JanusServer, path: string, body: Record<string, unknown>): Promise<JanusReply> {
  let res: Response;
  try {
    res = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: transaction(), apisecret: server.apiSecret }),
      signal: AbortSignal.timeout(JANUS_TIMEOUT_MS),
    });
  } catch (err) {
    throw new SfuError('unreachable', `Janus ${server.id} did not answer: ${(err as Error).message}`);
  }
  const text = await res.text();
  let reply: JanusReply;
  try {
    reply = JSON.parse(text) as JanusReply;
  } catch {
    throw new SfuError('unreachable', `Janus ${server.id} answered HTTP ${res.status} without JSON`);
  }
  if (reply.janus === 'error') {
    throw new SfuError('janus', `Janus ${server.id} refused ${String(body.janus)}: ${reply.error?.reason ?? 'unknown'}`, reply.error?.code);
  }
  return reply;
}

/** A session with a VideoRoom handle on one server: `message` sends a synchronous request and returns the plugin's data. */
export interface VideoRoomHandle {
  message(body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * Opens a session on the server, attaches the VideoRoom plugin, runs `fn` with it and destroys the
 * session (even when `fn` throws). A VideoRoom error answer becomes an SfuError('videoroom').
 */
export async function withVideoRoom<T>(server: JanusServer, fn: (handle: VideoRoomHandle) => Promise<T>): Promise<T> {
  const session = await call(server, '', { janus: 'create' });
  const sessionId = session.data?.id;
  if (!sessionId) throw new SfuError('janus', `Janus ${server.id} made no session`);
  try {
    const attached = await call(server, `/${sessionId}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
    const handleId = attached.data?.id;
    if (!handleId) throw new SfuError('janus', `Janus ${server.id} gave no VideoRoom handle`);
    return await fn({
      async message(body) {
        const reply = await call(server, `/${sessionId}/${handleId}`, { janus: 'message', body });
        const data = reply.plugindata?.data;
        if (!data) throw new SfuError('janus', `Janus ${server.id} answered ${String(body.request)} with no plugin data (${reply.janus})`);
        if (typeof data.error_code === 'number') {
          throw new SfuError('videoroom', `VideoRoom on ${server.id} refused ${String(body.request)}: ${String(data.error)}`, data.error_code);
        }
        return data;
      },
    });
  } finally {
    await call(server, `/${sessionId}`, { janus: 'destroy' }).catch(() => undefined);
  }
}
