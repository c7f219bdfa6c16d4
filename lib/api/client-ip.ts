import { createHmac } from 'node:crypto';

/**
 * The caller's address. server.mjs drops a client-sent X-Forwarded-For, so Next fills it from the
 * socket; behind a proxy (TRUST_PROXY=true) the proxy's own, rightmost entry is the client.
 */
export function clientIp(headers: Headers, trustProxy: boolean): string {
  const xff = headers.get('x-forwarded-for') ?? '';
  const parts = xff.split(',').map((s) => s.trim()).filter(Boolean);
  const candidate = trustProxy ? parts[parts.length - 1] : parts[0];
  if (candidate && /^[0-9a-fA-F:.]{2,45}$/.test(candidate)) return candidate;
  return 'unknown';
}

/** IPs are kept only as keyed hashes (rate limits, lead records). */
export function hashIp(ip: string, secret: string): string {
  return createHmac('sha256', secret).update('ip:' + ip).digest('base64url').slice(0, 22);
}
