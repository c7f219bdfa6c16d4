import { describe, expect, it } from 'vitest';
import { isHttpsRequest, trustProxyFromEnv } from './scheme';

const h = (init: Record<string, string> = {}) => new Headers(init);

describe('isHttpsRequest', () => {
  it('without a trusted proxy only the URL scheme counts: a client-sent X-Forwarded-Proto is ignored', () => {
    expect(isHttpsRequest(h(), 'https://tilmen.kz/', false)).toBe(true);
    expect(isHttpsRequest(h(), 'http://tilmen.kz/', false)).toBe(false);
    expect(isHttpsRequest(h({ 'x-forwarded-proto': 'https' }), 'http://tilmen.kz/', false)).toBe(false);
    expect(isHttpsRequest(h({ 'x-forwarded-proto': 'http' }), new URL('https://tilmen.kz/a'), false)).toBe(true);
  });

  it('behind a trusted proxy its X-Forwarded-Proto (first value) decides; without it, the URL', () => {
    expect(isHttpsRequest(h({ 'x-forwarded-proto': 'https' }), 'http://10.0.0.5:3000/', true)).toBe(true);
    expect(isHttpsRequest(h({ 'x-forwarded-proto': 'HTTPS, http' }), 'http://10.0.0.5:3000/', true)).toBe(true);
    expect(isHttpsRequest(h({ 'x-forwarded-proto': 'http' }), 'https://tilmen.kz/', true)).toBe(false);
    expect(isHttpsRequest(h(), 'https://tilmen.kz/', true)).toBe(true);
    expect(isHttpsRequest(h(), 'not a url', true)).toBe(false);
  });

  it('reads the proto server.mjs moved to x-tilmen-forwarded-proto first (behind a trusted proxy only)', () => {
    expect(isHttpsRequest(h({ 'x-tilmen-forwarded-proto': 'https' }), 'http://127.0.0.1:3001/', true)).toBe(true);
    expect(isHttpsRequest(h({ 'x-tilmen-forwarded-proto': 'https' }), 'http://127.0.0.1:3001/', false)).toBe(false);
  });

  it('reads TRUST_PROXY like the rest of the app', () => {
    expect(trustProxyFromEnv('true')).toBe(true);
    expect(trustProxyFromEnv('1')).toBe(true);
    expect(trustProxyFromEnv('TRUE')).toBe(true);
    expect(trustProxyFromEnv('false')).toBe(false);
    expect(trustProxyFromEnv('yes')).toBe(false);
    expect(trustProxyFromEnv(undefined)).toBe(false);
  });
});
