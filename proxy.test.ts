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

describe('proxy cookies carry Secure exactly when the visitor came over https', () => {
  it('https: NEXT_LOCALE and the utm cookies are Secure', () => {
    const res = visit('https://tilmen.kz/kk/stud-faq?utm_source=insta&utm_medium=cpc');
    expect(cookieLine(res, 'NEXT_LOCALE')).toContain('; secure');
    expect(cookieLine(res, 'utm_source')).toContain('; secure');
    expect(cookieLine(res, 'utm_medium')).toContain('; secure');
  });

  it('http (even in production): not Secure, so a plain-http deployment keeps working', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const res = visit('http://localhost:3000/kk/stud-faq?utm_source=insta');
    expect(cookieLine(res, 'NEXT_LOCALE')).not.toContain('secure');
    expect(cookieLine(res, 'utm_source')).not.toContain('secure');
  });

  it('X-Forwarded-Proto: https counts only with TRUST_PROXY=true', () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
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
