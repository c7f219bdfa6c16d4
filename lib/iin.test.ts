import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkIin, iinCheckDigit } from './iin';

describe('IIN checksum', () => {
  it('accepts the valid numbers of design.md', () => {
    expect(checkIin('900101300017')).toEqual({ ok: true, iin: '900101300017' });
    expect(checkIin('061211600012')).toEqual({ ok: true, iin: '061211600012' });
  });

  it('refuses the invalid numbers of design.md as checksum errors', () => {
    expect(checkIin('900101300018')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkIin('821214240092')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('tells wrong length and non-digits apart', () => {
    expect(checkIin('90010130001')).toEqual({ ok: false, reason: 'length' });
    expect(checkIin('9001013000170')).toEqual({ ok: false, reason: 'length' });
    expect(checkIin('')).toEqual({ ok: false, reason: 'length' });
    expect(checkIin('90010130001A')).toEqual({ ok: false, reason: 'digits' });
    expect(checkIin('９００１０１３０００１７')).toEqual({ ok: false, reason: 'digits' }); // full-width digits
  });

  it('ignores spaces and dashes between groups', () => {
    expect(checkIin('900101 300 017')).toEqual({ ok: true, iin: '900101300017' });
    expect(checkIin('900101-300017')).toEqual({ ok: true, iin: '900101300017' });
  });

  it('uses the second weights when the first sum gives 10', () => {
    // 821214240092: first sum mod 11 is 10, second sum mod 11 is 10 too → invalid whatever a12 is.
    const d = [...'82121424009'].map(Number);
    expect(iinCheckDigit(d)).toBeNull();
    for (let last = 0; last <= 9; last++) expect(checkIin(`82121424009${last}`).ok).toBe(false);
  });

  // The 11th digit has weight 11 ≡ 0 (mod 11) in the first sum: the algorithm itself cannot see a
  // change there unless the sum falls on 10. Every other position is caught.
  it('any single changed digit (except the 11th, see above) of a valid IIN is caught', () => {
    const positions = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11];
    fc.assert(
      fc.property(fc.constantFrom(...positions), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = [...'900101300017'].map(Number);
        digits[pos] = ((digits[pos] as number) + delta) % 10;
        return checkIin(digits.join('')).ok === false;
      }),
    );
  });
});
