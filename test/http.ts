import { NextRequest } from 'next/server';

let ipCounter = 0;
/** A fresh client address per call unless one is given (limits are per IP). */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function jsonRequest(
  path: string,
  body: unknown,
  opts: { locale?: string; ip?: string; cookie?: string; contentType?: string; raw?: boolean } = {},
): NextRequest {
  const headers = new Headers({
    'content-type': opts.contentType ?? 'application/json',
    'accept-language': opts.locale ?? 'ru',
    'x-forwarded-for': opts.ip ?? nextIp(),
  });
  if (opts.cookie) headers.set('cookie', opts.cookie);
  return new NextRequest(`http://localhost${path}`, {
    method: 'POST',
    headers,
    body: opts.raw ? (body as string) : JSON.stringify(body),
  });
}
