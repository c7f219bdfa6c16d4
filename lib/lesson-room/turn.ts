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

/** TURN credentials outlive the lesson's end by this much (a call running a few minutes over, a slow goodbye). */
export const TURN_AFTER_END_SECONDS = 600;

/**
 * How long one side's TURN credentials live (security.md I3): until the lesson's end and
 * TURN_AFTER_END_SECONDS more, never longer than TURN_TTL_SECONDS, at least 5 minutes. A relay
 * allocation cannot be kept or refreshed with them after that. When TURN_TTL_SECONDS is shorter
 * than the lesson, the room page fetches fresh ones before they lapse (components/lesson-room/room.tsx).
 */
export function turnTtlSeconds(endsAt: Date, now: Date, maxSeconds: number): number {
  const untilEnd = Math.ceil((endsAt.getTime() - now.getTime()) / 1000) + TURN_AFTER_END_SECONDS;
  return Math.max(300, Math.min(maxSeconds, untilEnd));
}

/**
 * The ICE servers for one side of a lesson: TURN_URLS with fresh credentials (TURN_SECRET) that
 * lapse with the lesson (turnTtlSeconds), or nothing at all (host candidates only: peer to peer on
 * one network, `npm start` without coturn). `expiresAt`: when the credentials lapse (null: none).
 */
export function iceServers(userRef: string, endsAt: Date, now = new Date(), e = env()): { servers: IceServer[]; expiresAt: Date | null } {
  if (!e.TURN_URLS) return { servers: [], expiresAt: null };
  const urls = e.TURN_URLS.split(',').map((u) => u.trim()).filter(Boolean);
  const stun = urls.filter((u) => u.startsWith('stun:'));
  const turn = urls.filter((u) => !u.startsWith('stun:'));
  const out: IceServer[] = stun.length ? [{ urls: stun }] : [];
  if (!turn.length || !e.TURN_SECRET) return { servers: out, expiresAt: null };
  const { username, credential, expiresAt } = turnCredentials(e.TURN_SECRET, userRef, turnTtlSeconds(endsAt, now, e.TURN_TTL_SECONDS), now);
  out.push({ urls: turn, username, credential });
  return { servers: out, expiresAt };
}
