// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCabinetProfile, initials, safeCabinetHref } from './cabinet-client';
import { takeReturnPath, rememberReturnPath } from './return-path';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('cabinet client (the built-in cabinet: NEXT_PUBLIC_CABINET_URL empty)', () => {
  it('keeps cabinet links to http(s), and turns this site\'s own absolute links into paths', () => {
    expect(safeCabinetHref('http://localhost:3000/kk/cabinet')).toBe('/kk/cabinet');
    expect(safeCabinetHref(`${window.location.origin}/cabinet?x=1`)).toBe('/cabinet?x=1');
    expect(safeCabinetHref('https://cabinet.tilmen.kz/profile/7')).toBe('https://cabinet.tilmen.kz/profile/7');
    expect(safeCabinetHref('javascript:alert(1)')).toBeNull();
    expect(safeCabinetHref('data:text/html,x')).toBeNull();
    expect(safeCabinetHref(42)).toBeNull();
  });

  it('makes initials for the avatar', () => {
    expect(initials('Айгерим Сапарова')).toBe('АС');
    expect(initials('  ерлан ')).toBe('Е');
    expect(initials('')).toBe('?');
  });

  it('reads the me call; any failure is "signed out"', async () => {
    const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', answer({ user: { profile_url: '/cabinet', image: '', name: 'Айгерим Test' }, status: 'active' }));
    expect(await fetchCabinetProfile()).toEqual({ profileUrl: '/cabinet', image: '', name: 'Айгерим Test' });
    vi.stubGlobal('fetch', answer({ user: { profile_url: '/cabinet', image: '' }, status: '/media/avatar.png' }));
    expect((await fetchCabinetProfile())?.image).toBe('/media/avatar.png');
    vi.stubGlobal('fetch', answer({ user: null, status: 'guest' }));
    expect(await fetchCabinetProfile()).toBeNull();
    vi.stubGlobal('fetch', answer({ error: 'boom' }, 500));
    expect(await fetchCabinetProfile()).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    expect(await fetchCabinetProfile()).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await fetchCabinetProfile()).toBeNull();
    vi.stubGlobal('fetch', answer({ user: { profile_url: 'javascript:alert(1)', image: '', name: 'x' } }));
    expect(await fetchCabinetProfile()).toBeNull();
  });
});

describe('return path after sign-in', () => {
  it('uses ?next= or the remembered path, once, and only paths of this site', () => {
    rememberReturnPath('/kk/cabinet');
    expect(takeReturnPath('/kk')).toBe('/kk/cabinet');
    expect(takeReturnPath('/kk')).toBe('/kk');
    for (const vector of ['//evil.com', '/\\evil.com', '\\\\evil.com', '/%09/evil.com', 'https://evil.com', 'http:evil.com', 'javascript:alert(1)',
      '/.//evil.example/phish', '/a/..//evil.example/phish', '/%2e%2e//evil.example/x']) {
      window.history.replaceState(null, '', `/sign-in?next=${encodeURIComponent(vector)}`);
      rememberReturnPath('/cabinet');
      expect(takeReturnPath('/')).toBe('/');
    }
    window.history.replaceState(null, '', `/sign-in?next=${encodeURIComponent('/stud-faq?x=1')}`);
    expect(takeReturnPath('/')).toBe('/stud-faq?x=1');
  });

  it('falls back home for the probe\'s URLs exactly as a visitor would open them', () => {
    // The query is left as typed (not encoded by us): the browser hands it to URLSearchParams as is.
    for (const url of ['/sign-in?next=/.//evil.example/phish', '/en/sign-in?next=/a/..//evil.example/phish', '/stud-sign-in?next=/%2e%2e//evil.example/x']) {
      window.history.replaceState(null, '', url);
      const home = url.startsWith('/en/') ? '/en' : '/';
      const target = takeReturnPath(home);
      expect(target, url).toBe(home);
      expect(new URL(target, window.location.href).origin).toBe(window.location.origin);
    }
  });
});
