import 'server-only';
import type { NextRequest } from 'next/server';
import { appSecret, env } from '@/lib/env';
import { utmFromCookies } from '@/lib/utm';
import { clientIp, hashIp } from './client-ip';
import { localeFromAcceptLanguage } from './locale';

/** What every handler needs to know about the caller. */
export function requestContext(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  const ip = clientIp(req.headers, env().TRUST_PROXY);
  const { first, last } = utmFromCookies(req.cookies.getAll());
  return { locale, ip, ipHash: hashIp(ip, appSecret()), utmFirst: Object.keys(first).length ? first : last, utmLast: last };
}
