import { z } from 'zod';

// JANUS_SERVERS: the Janus servers (SFUs) that carry group lessons' media (lib/sfu, docs/operations.md
// "Group lessons' SFU (Janus)"). Pure: lib/env.ts validates the variable with this parser at start,
// lib/sfu reads it per call. Two forms:
//  - JSON, every field: [{"id":"sfu1","url":"http://10.0.0.5:8088/janus","publicUrl":"wss://sfu1.tilmen.kz/janus-ws",
//    "apiSecret":"…","tokenSecret":"…","adminKey":"…","weight":1,"maxRooms":40}, …]
//  - compact, for one line in an env file: `apiSecret:tokenSecret[:adminKey]@url`, entries separated
//    by commas or spaces (secrets then must not hold ':', '@', ',' or spaces: `openssl rand -hex 32`).
//    The id and the browsers' address are then the url.

/** One configured Janus server. */
export interface JanusServer {
  /** The name a lesson's room is stored under (stable: a room placed on it keeps finding it). Default: the url. */
  id: string;
  /** The Janus API over HTTP as our server reaches it, e.g. http://10.0.0.5:8088/janus. */
  url: string;
  /** What browsers connect to (the WebSocket behind nginx, e.g. wss://sfu1.tilmen.kz/janus-ws). Default: the url. */
  publicUrl: string;
  /** janus.jcfg `api_secret`: every call of our server carries it. */
  apiSecret: string;
  /** janus.jcfg `token_auth_secret`: signs the browsers' tokens (lib/sfu/token.ts). */
  tokenSecret: string;
  /** The VideoRoom's `admin_key` (room creation). Default: the apiSecret. */
  adminKey: string;
  /** Relative capacity for placement (2 = twice the rooms of a server of weight 1). Default 1. */
  weight: number;
  /** At most this many open rooms (placement skips a full server; 0 drains it: no new rooms, its rooms still reached). Default: no cap. */
  maxRooms?: number;
}

const secret = z
  .string()
  .min(16, 'must be at least 16 characters')
  .max(256)
  .regex(/^\S+$/, 'must not contain spaces');

const serverSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[\w.:/@-]+$/, 'letters, digits and . _ : / @ - only')
      .optional(),
    url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL (the Janus API over HTTP, e.g. http://10.0.0.5:8088/janus)' }),
    publicUrl: z.url({ protocol: /^(https?|wss?)$/, error: 'must be an http(s) or ws(s) URL' }).optional(),
    apiSecret: secret,
    tokenSecret: secret,
    adminKey: secret.optional(),
    weight: z.number().positive().max(1000).optional(),
    maxRooms: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export type ParsedJanusServers = { ok: true; servers: JanusServer[] } | { ok: false; error: string };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function fromCompact(entry: string): z.input<typeof serverSchema> | string {
  const at = entry.indexOf('@');
  if (at < 0) return `"${entry.slice(0, 12)}…" is not apiSecret:tokenSecret[:adminKey]@url`;
  const secrets = entry.slice(0, at).split(':');
  if (secrets.length < 2 || secrets.length > 3) return 'each entry is apiSecret:tokenSecret[:adminKey]@url';
  const [apiSecret, tokenSecret, adminKey] = secrets as [string, string, string | undefined];
  return { url: entry.slice(at + 1), apiSecret, tokenSecret, ...(adminKey ? { adminKey } : {}) };
}

/** JANUS_SERVERS as written → the servers, or why not (the message never repeats a secret). */
export function parseJanusServers(value: string): ParsedJanusServers {
  const text = value.trim();
  if (!text) return { ok: true, servers: [] };
  let raw: unknown[];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) return { ok: false, error: 'must be a JSON array of servers' };
      raw = parsed;
    } catch {
      return { ok: false, error: 'is not valid JSON (a JSON array, or the compact form apiSecret:tokenSecret@url)' };
    }
  } else {
    raw = [];
    for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
      const item = fromCompact(entry);
      if (typeof item === 'string') return { ok: false, error: item };
      raw.push(item);
    }
  }
  if (raw.length > 100) return { ok: false, error: 'at most 100 servers' };
  const servers: JanusServer[] = [];
  for (const [i, item] of raw.entries()) {
    const result = serverSchema.safeParse(item);
    if (!result.success) {
      const issue = result.error.issues[0];
      return { ok: false, error: `server ${i + 1}: ${issue?.path.join('.') || 'entry'} ${issue?.message ?? 'is invalid'}` };
    }
    const s = result.data;
    const url = trimSlash(s.url);
    servers.push({
      id: s.id ?? url,
      url,
      publicUrl: trimSlash(s.publicUrl ?? url),
      apiSecret: s.apiSecret,
      tokenSecret: s.tokenSecret,
      adminKey: s.adminKey ?? s.apiSecret,
      weight: s.weight ?? 1,
      ...(s.maxRooms !== undefined ? { maxRooms: s.maxRooms } : {}),
    });
  }
  const ids = new Set(servers.map((s) => s.id));
  if (ids.size !== servers.length) return { ok: false, error: 'two servers have the same id (or url)' };
  const urls = new Set(servers.map((s) => s.url));
  if (urls.size !== servers.length) return { ok: false, error: 'two servers have the same url' };
  return { ok: true, servers };
}
