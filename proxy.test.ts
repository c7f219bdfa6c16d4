import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import proxy from './proxy';

function visit(url: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(url, { headers: { 'accept-language': 'ru', 'sec-fetch-dest': 'document', ...headers } }));
}

/** The Set-Cookie line of `name`, lower-cased. */
function cookieLine(res: Response, name: string): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  expect(line, `${name} is set`).toBeTruthy();
  return line!.toLowerCase();
}

afterEach(() => vi.unstubAllEnvs());

// A visitor who chose Russian before (the switcher's cookie) opens a Kazakh address: the cookie follows.
const CHOSE_RU = { cookie: 'NEXT_LOCALE=ru' };

describe('proxy cookies carry Secure exactly when the visitor came over https', () => {
  it('https: NEXT_LOCALE and the utm cookies are Secure', () => {
    const res = visit('https://tilmen.kz/kk/stud-faq?utm_source=insta&utm_medium=cpc', CHOSE_RU);
    expect(cookieLine(res, 'NEXT_LOCALE')).toContain('; secure');
    expect(cookieLine(res, 'utm_source')).toContain('; secure');
    expect(cookieLine(res, 'utm_medium')).toContain('; secure');
  });

  it('http (even in production): not Secure, so a plain-http deployment keeps working', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const res = visit('http://localhost:3000/kk/stud-faq?utm_source=insta', CHOSE_RU);
    expect(cookieLine(res, 'NEXT_LOCALE')).not.toContain('secure');
    expect(cookieLine(res, 'utm_source')).not.toContain('secure');
  });

  it('X-Forwarded-Proto: https counts only with TRUST_PROXY=true', () => {
    const forwarded = { 'x-forwarded-proto': 'https', ...CHOSE_RU };
    vi.stubEnv('TRUST_PROXY', 'false');
    let res = visit('http://10.0.0.5:3000/kk/stud-faq?utm_source=insta', forwarded);
    expect(cookieLine(res, 'NEXT_LOCALE')).not.toContain('secure');
    expect(cookieLine(res, 'utm_source')).not.toContain('secure');
    vi.stubEnv('TRUST_PROXY', 'true');
    res = visit('http://10.0.0.5:3000/kk/stud-faq?utm_source=insta', forwarded);
    expect(cookieLine(res, 'NEXT_LOCALE')).toContain('; secure');
    expect(cookieLine(res, 'utm_source')).toContain('; secure');
  });
});

describe('the locale cookie is set only once a locale was chosen', () => {
  const localeCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith('NEXT_LOCALE='));

  it('a first visit sets none, whatever the address and the browser language (utm cookies still set)', () => {
    for (const [url, lang] of [
      ['https://tilmen.kz/', 'ru'],
      ['https://tilmen.kz/kk/stud-faq', 'ru'],
      ['https://tilmen.kz/en', 'kk-KZ'],
      ['https://tilmen.kz/student?utm_source=insta', 'en'],
    ] as const) {
      const res = visit(url, { 'accept-language': lang });
      expect(localeCookies(res), url).toEqual([]);
      if (url.includes('utm_source')) expect(cookieLine(res, 'utm_source')).toContain('; secure');
    }
  });

  it('a chosen locale is kept, and updated (Secure on https) when the visitor opens another locale', () => {
    expect(localeCookies(visit('https://tilmen.kz/kk', { cookie: 'NEXT_LOCALE=kk' }))).toEqual([]);
    const [line] = localeCookies(visit('https://tilmen.kz/en/student', { cookie: 'NEXT_LOCALE=kk' }));
    expect(line).toMatch(/^NEXT_LOCALE=en;/);
    expect(line!.toLowerCase()).toContain('; secure');
    expect(line!.toLowerCase()).toContain('samesite=lax');
  });
});

describe('/login is the spec\'s login path: a permanent redirect to the locale\'s sign-in page', () => {
  it.each([
    ['http://localhost:3000/login', 'http://localhost:3000/sign-in'],
    ['http://localhost:3000/kk/login', 'http://localhost:3000/kk/sign-in'],
    ['http://localhost:3000/en/login', 'http://localhost:3000/en/sign-in'],
    ['http://localhost:3000/ru/login', 'http://localhost:3000/sign-in'],
  ])('%s → 308 %s', (from, to) => {
    const res = visit(from);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(to);
  });

  it('keeps ?next= (checked by the sign-in page when used) and drops the rest', () => {
    const res = visit('http://localhost:3000/kk/login?utm_source=x&next=%2Fkk%2Fcabinet%3Ftab%3D1&foo=bar');
    expect(res.status).toBe(308);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/kk/sign-in');
    expect([...location.searchParams.keys()]).toEqual(['next']);
    expect(location.searchParams.get('next')).toBe('/kk/cabinet?tab=1');
    // An unsafe target is passed on as it came: safeRedirect sends the visitor home after sign-in.
    expect(new URL(visit('http://localhost:3000/login?next=%2F%2Fevil.com').headers.get('location')!).searchParams.get('next')).toBe('//evil.com');
  });

  it('leaves other paths to the locale routing', () => {
    expect(visit('http://localhost:3000/kk/login-help').status).not.toBe(308);
    expect(visit('http://localhost:3000/sign-in').status).toBe(200);
  });
});
