import 'server-only';
import type { NextRequest } from 'next/server';
import type { Locale } from '@/i18n/routing';
import { appSecret, env } from '@/lib/env';
import { utmFromCookies, type UtmValues } from '@/lib/utm';
import { clientIp, hashIp, ipRange } from './client-ip';
import { localeFromAcceptLanguage } from './locale';

export interface RequestContext {
  locale: Locale;
  ip: string;
  /** Keyed hash of the caller's address: IPs are kept only this way. */
  ipHash: string;
  /** Keyed hash of the caller's /24 (IPv4) or /64 (IPv6), for limits that address hopping cannot dodge. */
  rangeHash: string;
  /** The first utm touch (the last one when no first-touch cookie exists) and the last. */
  utmFirst: UtmValues;
  utmLast: UtmValues;
}

/** What every handler needs to know about the caller. */
export function requestContext(req: NextRequest): RequestContext {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  const ip = clientIp(req.headers, env().TRUST_PROXY);
  const { first, last } = utmFromCookies(req.cookies.getAll());
  const secret = appSecret();
  return { locale, ip, ipHash: hashIp(ip, secret), rangeHash: hashIp(ipRange(ip), secret), utmFirst: Object.keys(first).length ? first : last, utmLast: last };
}
