import 'server-only';
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

/**
 * The network an address belongs to, for limits that one actor cannot dodge by hopping addresses:
 * IPv4 /24, IPv6 /64 (what one subscriber or one hosting box usually gets). `unknown` stays itself.
 */
export function ipRange(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? (/^\d+\.\d+\.\d+\.\d+$/.test(ip) ? ip : null);
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
