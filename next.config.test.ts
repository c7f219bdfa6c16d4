import { afterEach, describe, expect, it, vi } from 'vitest';
import config from './next.config';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('next.config.ts', () => {
  it('a production build without NEXT_PUBLIC_SITE_URL warns loudly, once, and still builds', () => {
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', '');
    vi.stubEnv('TILMEN_SITE_URL_WARNED', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const built = config('phase-production-build');
    expect(built.poweredByHeader).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/NEXT_PUBLIC_SITE_URL is not set[\s\S]*sitemap/);
    config('phase-production-build');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('is quiet with the address set, and when serving or developing', () => {
    vi.stubEnv('TILMEN_SITE_URL_WARNED', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', '');
    config('phase-production-server');
    config('phase-development-server');
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', 'https://tilmen.kz');
    config('phase-production-build');
    expect(warn).not.toHaveBeenCalled();
  });
});
