import { describe, expect, it } from 'vitest';
import { smsParts } from './length';

describe('smsParts', () => {
  it('counts GSM 7-bit texts by 160, then 153 a part; the extension table counts twice', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
    expect(smsParts(`${'a'.repeat(159)}€`)).toBe(2);
  });

  it('counts any Cyrillic or Kazakh letter as UCS-2: 70, then 67 a part', () => {
    expect(smsParts('ә'.repeat(70))).toBe(1);
    expect(smsParts(`${'a'.repeat(70)}ы`)).toBe(2);
    expect(smsParts('ы'.repeat(134))).toBe(2);
    expect(smsParts('ы'.repeat(135))).toBe(3);
  });
});
