import 'server-only';
import { createHmac } from 'node:crypto';
import { env } from '@/lib/env';

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * coturn's REST shared-secret credentials (`use-auth-secret`, `static-auth-secret`): the username
 * is `expiry:userRef` (expiry in Unix seconds), the password the base64 HMAC-SHA1 of the username
 * keyed with the shared secret; coturn checks both and refuses after the expiry.
 */
export function turnCredentials(secret: string, userRef: string, ttlSeconds: number, now = new Date()): { username: string; credential: string; expiresAt: Date } {
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiry}:${userRef}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt: new Date(expiry * 1000) };
}

/**
 * The ICE servers for one side of a lesson: TURN_URLS with fresh credentials (TURN_SECRET), or
 * nothing at all (host candidates only: peer to peer on one network, `npm start` without coturn).
 */
export function iceServers(userRef: string, now = new Date(), e = env()): IceServer[] {
  if (!e.TURN_URLS) return [];
  const urls = e.TURN_URLS.split(',').map((u) => u.trim()).filter(Boolean);
  const stun = urls.filter((u) => u.startsWith('stun:'));
  const turn = urls.filter((u) => !u.startsWith('stun:'));
  const out: IceServer[] = stun.length ? [{ urls: stun }] : [];
  if (turn.length && e.TURN_SECRET) {
    const { username, credential } = turnCredentials(e.TURN_SECRET, userRef, e.TURN_TTL_SECONDS, now);
    out.push({ urls: turn, username, credential });
  }
  return out;
}
