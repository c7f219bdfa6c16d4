import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './business-days';

describe('tutor profile review: 5 business days', () => {
  it('skips weekends', () => {
    // Monday 23 Nov 2026, 10:00 in Almaty → Monday 30 Nov.
    expect(addBusinessDays(new Date('2026-11-23T05:00:00Z'), 5).toISOString()).toBe('2026-11-30T05:00:00.000Z');
    // Friday → the next Friday.
    expect(addBusinessDays(new Date('2026-11-27T05:00:00Z'), 5).toISOString()).toBe('2026-12-04T05:00:00.000Z');
  });

  it('skips Kazakhstan public holidays (Independence Day, 16 December)', () => {
    // Mon 14 Dec 2026 + 5 business days, 16 Dec is a holiday → Tue 22 Dec.
    expect(addBusinessDays(new Date('2026-12-14T05:00:00Z'), 5).toISOString()).toBe('2026-12-22T05:00:00.000Z');
  });
});
