import { describe, expect, it } from 'vitest';
import { tokenHasScope } from './token';

const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('tokenHasScope', () => {
  it('reads the scope claim token by token; no token or an unreadable one has none', () => {
    expect(tokenHasScope(jwt({ scope: 'tutor tutor:bookable' }), 'tutor')).toBe(true);
    expect(tokenHasScope(jwt({ scope: 'tutor:bookable' }), 'tutor')).toBe(false);
    expect(tokenHasScope(jwt({ scope: 'student' }), 'tutor')).toBe(false);
    expect(tokenHasScope(null, 'tutor')).toBe(false);
    expect(tokenHasScope('garbage', 'tutor')).toBe(false);
  });
});
