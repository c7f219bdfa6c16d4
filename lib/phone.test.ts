import { describe, expect, it } from 'vitest';
import { checkKzMobile, formatKzPhone, phoneDigits } from './phone';

describe('Kazakh mobile numbers', () => {
  it.each([
    ['8 701 123 45 67', '+77011234567'],
    ['+7 (701) 123-45-67', '+77011234567'],
    ['7011234567', '+77011234567'],
    ['87471234567', '+77471234567'],
    ['+7 777 000 11 22', '+77770001122'],
    ['+7 708 555 44 33', '+77085554433'],
    ['+7 775 555 44 33', '+77755554433'],
    ['+7 785 555 44 33', '+77855554433'],
    ['+7 760 555 44 33', '+77605554433'],
  ])('accepts %s as %s', (input, e164) => {
    expect(checkKzMobile(input)).toEqual({ ok: true, e164 });
  });

  it.each(['+7 912 123 45 67', '+7 495 123 45 67', '+7 727 350 50 50', '+7 703 123 45 67', '+7 779 123 45 67'])(
    'refuses %s as not a Kazakh mobile',
    (input) => {
      expect(checkKzMobile(input)).toEqual({ ok: false, reason: 'not_kz_mobile' });
    },
  );

  it.each(['', '123', 'abc', '+7 701 123 45 6', '+7 701 123 45 678', '+1 701 123 45 67', '8-701-123-45-67x', '7'.repeat(50)])(
    'refuses %s as invalid',
    (input) => {
      expect(checkKzMobile(input)).toEqual({ ok: false, reason: 'invalid' });
    },
  );

  it('formats for people', () => {
    expect(formatKzPhone('+77011234567')).toBe('+7 701 123 45 67');
    expect(phoneDigits('8 (701) 123 45 67')).toBe('77011234567');
  });
});
