// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * L4: the tag manager and the pixel start from their hosts' script URLs (an inline script added by
 * page code is refused by the CSP), and nothing third-party loads under /admin, /company or /lesson.
 */
describe('third parties', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('NEXT_PUBLIC_GTM_ID', 'GTM-TEST1');
    vi.stubEnv('NEXT_PUBLIC_PIXEL_ID', '123456');
    vi.stubEnv('NEXT_PUBLIC_CHAT_WIDGET_ID', 'chat1');
    document.body.innerHTML = '';
    const w = window as unknown as Record<string, unknown>;
    delete w.dataLayer;
    delete w.fbq;
    delete w._fbq;
  });
  afterEach(() => vi.unstubAllEnvs());

  async function renderAt(pathname: string) {
    window.history.replaceState(null, '', pathname);
    const { ThirdParties } = await import('./third-parties');
    render(<ThirdParties />);
    await new Promise((r) => setTimeout(r, 50));
  }

  it('on a marketing page: scripts by URL only, with the vendors’ start-up done in our code', async () => {
    await renderAt('/kk/student');
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((s) => s.id).sort()).toEqual(['chat', 'gtm', 'pixel']);
    for (const s of scripts) {
      expect(s.src).toMatch(/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net|code\.jivosite\.com)\//);
      expect(s.text).toBe('');
    }
    const w = window as unknown as { dataLayer: { event: string }[]; fbq: { queue: unknown[][] } };
    expect(w.dataLayer[0]).toMatchObject({ event: 'gtm.js' });
    expect(w.fbq.queue).toEqual([
      ['init', '123456'],
      ['track', 'PageView'],
    ]);
  });

  it.each(['/admin/leads', '/en/company/employees', '/kk/lesson/7'])('nothing on %s', async (path) => {
    await renderAt(path);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
