import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';

// Janus's signed tokens (token_auth with token_auth_secret; src/auth.c, src/mainpage.dox "Signed
// tokens" of Janus 1.1.2): `<expiry>,janus,<plugin>[,<descriptor>…]:<signature>`, where expiry is a
// Unix time in seconds, `janus` the realm of the Janus API, each further item a plugin's package name
// the token may attach to (or a descriptor, which Janus carries under the signature and otherwise
// ignores), and the signature the base64 HMAC-SHA1 of everything before the colon, keyed with the
// secret. Janus checks the expiry, the realm and the signature on every request (keep-alives and
// long polls too) and the plugin on attach. A token cannot be revoked: it lapses; a room's `allowed`
// list (lib/sfu/rooms.ts allowToken / disallowToken) is what takes one participant out early.

export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom';

/** A signed token's text. `nonce`: a descriptor that makes each token unique (one per participant: the room's allowed list then admits or bans one person). */
export function signJanusToken(secret: string, opts: { expiresAt: Date; plugins?: readonly string[]; nonce?: string }): string {
  const expiry = Math.floor(opts.expiresAt.getTime() / 1000);
  const items = [String(expiry), 'janus', ...(opts.plugins ?? [VIDEOROOM_PLUGIN]), ...(opts.nonce ? [`n=${opts.nonce}`] : [])];
  for (const item of items.slice(2)) {
    if (/[,:\s]/.test(item)) throw new Error(`a Janus token item cannot hold ',', ':' or spaces: ${item}`);
  }
  const data = items.join(',');
  return `${data}:${createHmac('sha1', secret).update(data).digest('base64')}`;
}

/** A token for the VideoRoom on a server of this token secret, unique (random nonce), lapsing `ttlSeconds` from `now`. */
export function issueTokenWithSecret(tokenSecret: string, opts: { ttlSeconds: number; now?: Date }): { token: string; expiresAt: Date } {
  if (!Number.isInteger(opts.ttlSeconds) || opts.ttlSeconds < 1) throw new Error('ttlSeconds must be a positive whole number');
  const now = opts.now ?? new Date();
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + opts.ttlSeconds) * 1000);
  return { token: signJanusToken(tokenSecret, { expiresAt, nonce: randomBytes(12).toString('base64url') }), expiresAt };
}

/** A group lesson's token outlives its end by this much (a lesson running a few minutes over). */
export const TOKEN_AFTER_END_SECONDS = 600;

/**
 * How long a participant's token should live: to the lesson's end and TOKEN_AFTER_END_SECONDS more,
 * at least 5 minutes. Janus checks the token on every request of the session, so one that lapses
 * mid-lesson ends the participant's media a minute later (session_timeout).
 */
export function tokenTtlSeconds(endsAt: Date, now: Date = new Date()): number {
  return Math.max(300, Math.ceil((endsAt.getTime() - now.getTime()) / 1000) + TOKEN_AFTER_END_SECONDS);
}
