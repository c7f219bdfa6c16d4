import 'server-only';
import type { NextRequest } from 'next/server';
import { appSecret, env } from '@/lib/env';
import { utmFromCookies } from '@/lib/utm';
import { clientIp, hashIp, ipRange } from './client-ip';
import { localeFromAcceptLanguage } from './locale';

/** What every handler needs to know about the caller. */
export function requestContext(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  const ip = clientIp(req.headers, env().TRUST_PROXY);
  const { first, last } = utmFromCookies(req.cookies.getAll());
  const secret = appSecret();
  // rangeHash: the caller's /24 (IPv4) or /64 (IPv6), for limits that address hopping cannot dodge.
  return { locale, ip, ipHash: hashIp(ip, secret), rangeHash: hashIp(ipRange(ip), secret), utmFirst: Object.keys(first).length ? first : last, utmLast: last };
}
