import { beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import {
  REFRESH_ABSOLUTE_S,
  REFRESH_IDLE_S,
  revokeAllSessions,
  revokeSession,
  rotateSession,
  liveSession,
  signAccessToken,
  startSession as openFamily,
  verifyAccessToken,
} from './tokens';
import { SignJWT, jwtVerify } from 'jose';

/** Most cases here need only the refresh token. */
const startSession = async (...args: Parameters<typeof openFamily>) => (await openFamily(...args)).token;

const SECRET = 'x'.repeat(40);

describe(`sessions and tokens (${dbLabel()})`, () => {
  const t = useTestDb();
  let userId: number;
  beforeAll(async () => {
    userId = await insertTestUser(t.db);
  });

  it('access tokens are standard JWTs (HS256), signed, short-lived and bound to a session', async () => {
    const now = Date.now();
    const token = await signAccessToken({ sub: 7, scope: 'student', sid: 'family-1' }, SECRET, now);
    // Anyone holding the secret can verify it with standard JOSE tooling.
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), { currentDate: new Date(now) });
    expect(protectedHeader).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '7', scope: 'student', sid: 'family-1', iss: 'tilmen', aud: 'tilmen-api' });
    expect(payload.exp! - payload.iat!).toBe(10 * 60);
    expect(await verifyAccessToken(token, SECRET, now)).toMatchObject({ sub: 7, scope: 'student', sid: 'family-1' });
    expect(await verifyAccessToken(token, SECRET, now + 11 * 60_000)).toBeNull();
    expect(await verifyAccessToken(token, 'y'.repeat(40), now)).toBeNull();
    const [head, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', scope: 'admin', sid: 'x', iss: 'tilmen', aud: 'tilmen-api', exp: 9e9 })).toString('base64url');
    expect(await verifyAccessToken(`${head}.${forged}.${sig}`, SECRET, now)).toBeNull();
    // alg=none and a token signed for another audience are refused.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${forged}.`;
    expect(await verifyAccessToken(none, SECRET, now)).toBeNull();
    const other = await new SignJWT({ scope: 'student', sid: 's' }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setIssuer('tilmen').setAudience('elsewhere').setExpirationTime('5m').sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(other, SECRET)).toBeNull();
  });

  it('a session is live until its family is revoked', async () => {
    const { sid, token } = await openFamily(t.db, userId);
    expect(await liveSession(t.db, userId, sid)).toBe(true);
    expect(await liveSession(t.db, userId + 1000, sid)).toBe(false);
    const rotated = (await rotateSession(t.db, token)) as { ok: true; sid: string };
    expect(rotated.sid).toBe(sid);
    expect(await liveSession(t.db, userId, sid)).toBe(true);
    await revokeAllSessions(t.db, userId);
    expect(await liveSession(t.db, userId, sid)).toBe(false);
  });

  it('refresh tokens are opaque, 256-bit, rotated on every use', async () => {
    const first = await startSession(t.db, userId);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    const r1 = await rotateSession(t.db, first);
    expect(r1).toMatchObject({ ok: true, userId });
    const r2 = await rotateSession(t.db, (r1 as { token: string }).token);
    expect(r2.ok).toBe(true);
  });

  it('presenting a used refresh token revokes the whole family', async () => {
    const first = await startSession(t.db, userId);
    const r1 = (await rotateSession(t.db, first)) as { ok: true; token: string };
    // An attacker replays the old token: refused, and the owner's new token dies with it.
    expect(await rotateSession(t.db, first)).toEqual({ ok: false, reason: 'reused' });
    expect(await rotateSession(t.db, r1.token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('parallel refreshes with one token: exactly one wins', async () => {
    const token = await startSession(t.db, userId);
    const results = await Promise.all(Array.from({ length: 5 }, () => rotateSession(t.db, token)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('sessions have an idle and an absolute lifetime', async () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const idle = await startSession(t.db, userId, start);
    expect(await rotateSession(t.db, idle, new Date(start.getTime() + (REFRESH_IDLE_S + 60) * 1000))).toEqual({ ok: false, reason: 'idle' });

    let token = await startSession(t.db, userId, start);
    let now = start.getTime();
    // Used every 6 days, the session still ends at the absolute limit.
    for (;;) {
      now += 6 * 24 * 3600 * 1000;
      const r = await rotateSession(t.db, token, new Date(now));
      if (!r.ok) {
        expect(r.reason).toBe('expired');
        expect(now - start.getTime()).toBeGreaterThan(REFRESH_ABSOLUTE_S * 1000);
        break;
      }
      token = r.token;
    }
  });

  it('logout revokes the family; a password change revokes every session', async () => {
    const a = await startSession(t.db, userId);
    await revokeSession(t.db, a);
    expect(await rotateSession(t.db, a)).toEqual({ ok: false, reason: 'revoked' });
    const b = await startSession(t.db, userId);
    const c = await startSession(t.db, userId);
    await revokeAllSessions(t.db, userId);
    expect((await rotateSession(t.db, b)).ok).toBe(false);
    expect((await rotateSession(t.db, c)).ok).toBe(false);
  });

  it('unknown tokens are refused', async () => {
    expect(await rotateSession(t.db, 'nope')).toEqual({ ok: false, reason: 'unknown' });
    expect(await rotateSession(t.db, '')).toEqual({ ok: false, reason: 'unknown' });
  });
});
