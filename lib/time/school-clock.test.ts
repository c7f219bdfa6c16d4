import { describe, expect, it } from 'vitest';
import { schoolLongDate, schoolYmd } from './school-clock';

describe('the school clock', () => {
  it('is UTC+5 whatever the runtime’s zone data says, with the site’s own Kazakh month names', () => {
    // 19:30 UTC on 3 December is already 4 December in Almaty (+5).
    expect(schoolYmd('2026-12-03T19:30:00Z')).toEqual([2026, 12, 4]);
    expect(schoolLongDate('2026-12-03T19:30:00Z', 'kk')).toBe('2026 жылғы 4 желтоқсан');
    expect(schoolLongDate('2026-12-03T19:30:00Z', 'en')).toBe('4 December 2026');
    expect(schoolLongDate('2026-12-03T19:30:00Z', 'ru')).toMatch(/^4 декабря 2026/);
    expect(schoolLongDate('2026-12-03T18:59:00Z', 'kk')).toBe('2026 жылғы 3 желтоқсан');
  });
});
