import { describe, expect, it } from 'vitest';
import { maskIin, maskPhone } from './mask';

describe('masks', () => {
  it('a phone keeps its operator code and last two digits', () => {
    expect(maskPhone('+77011234567')).toBe('+7 701 ••• •• 67');
    expect(maskPhone('garbage')).toBe('•••');
  });
  it('an IIN shows only its last four digits', () => {
    expect(maskIin('1234')).toBe('•••• •••• 1234');
  });
});
