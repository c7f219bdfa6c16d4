import { describe, expect, it } from 'vitest';
import { siteUrlWarning } from './site-url-warning';

describe('warning about a missing NEXT_PUBLIC_SITE_URL', () => {
  it('is several lines naming the variable, the default and what breaks', () => {
    for (const when of ['build', 'start'] as const) {
      const text = siteUrlWarning(undefined, when)!;
      expect(text.split('\n').length).toBeGreaterThan(5);
      expect(text).toContain('NEXT_PUBLIC_SITE_URL');
      expect(text).toContain('http://localhost:3000');
      expect(text).toMatch(/sitemap/);
      expect(text).toMatch(/canonical/);
      expect(text).toMatch(/JSON-LD/);
      expect(text).toMatch(/certificates/);
    }
    expect(siteUrlWarning('', 'build')).not.toBeNull();
    expect(siteUrlWarning('  ', 'start')).not.toBeNull();
  });

  it('is silent when the address is set', () => {
    expect(siteUrlWarning('https://tilmen.kz', 'build')).toBeNull();
  });
});
