import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueTokenWithSecret, signJanusToken, TOKEN_AFTER_END_SECONDS, tokenTtlSeconds } from './token';

// The signed-token format of Janus 1.1.2 (src/mainpage.dox "Signed tokens", src/auth.c): checked
// here against the documentation's own Node function; rooms.janus.test.ts checks it against Janus.

/** The function Janus's documentation gives for signing tokens with Node's crypto (src/mainpage.dox). */
function getJanusToken(secret: string, realm: string, data: string[], expiry: number): string {
  const strdata = [expiry.toString(), realm, ...data].join(',');
  const hmac = createHmac('sha1', secret);
  hmac.setEncoding('base64');
  hmac.write(strdata);
  hmac.end();
  return [strdata, hmac.read()].join(':');
}

describe('Janus signed tokens', () => {
  const secret = 'token-secret-0123456789abcdef';
  const expiresAt = new Date('2026-12-01T10:00:00Z');

  it('is the documentation\'s token: expiry, realm "janus", the plugin, the base64 HMAC-SHA1', () => {
    const expiry = expiresAt.getTime() / 1000;
    expect(signJanusToken(secret, { expiresAt })).toBe(getJanusToken(secret, 'janus', ['janus.plugin.videoroom'], expiry));
    expect(signJanusToken(secret, { expiresAt, plugins: ['janus.plugin.videoroom', 'janus.plugin.textroom'] })).toBe(
      getJanusToken(secret, 'janus', ['janus.plugin.videoroom', 'janus.plugin.textroom'], expiry),
    );
    expect(signJanusToken(secret, { expiresAt, nonce: 'abc' })).toBe(getJanusToken(secret, 'janus', ['janus.plugin.videoroom', 'n=abc'], expiry));
  });

  it('is unique per participant and lapses ttlSeconds from now, in whole seconds', () => {
    const now = new Date('2026-12-01T10:00:00.700Z');
    const one = issueTokenWithSecret(secret, { ttlSeconds: 60, now });
    const two = issueTokenWithSecret(secret, { ttlSeconds: 60, now });
    expect(one.token).not.toBe(two.token);
    expect(one.expiresAt.toISOString()).toBe('2026-12-01T10:01:00.000Z');
    expect(one.token.startsWith(`${Date.parse('2026-12-01T10:01:00Z') / 1000},janus,janus.plugin.videoroom,n=`)).toBe(true);
    expect(() => issueTokenWithSecret(secret, { ttlSeconds: 0 })).toThrow();
    expect(() => signJanusToken(secret, { expiresAt, nonce: 'a,b' })).toThrow();
  });

  it('lives to the lesson\'s end and ten minutes more, at least five minutes', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(tokenTtlSeconds(new Date('2026-12-01T10:50:00Z'), now)).toBe(3000 + TOKEN_AFTER_END_SECONDS);
    expect(tokenTtlSeconds(new Date('2026-12-01T09:00:00Z'), now)).toBe(300);
  });
});
