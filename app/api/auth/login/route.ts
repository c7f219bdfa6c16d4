// POST /api/auth/login - phone or e-mail and password → {token}; sets the refresh and auth cookies.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { clientIp, hashIp } from '@/lib/api/client-ip';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { setSessionCookies } from '@/lib/auth/http';
import { login } from '@/lib/auth/login';
import { signAccessToken, startSession } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { appSecret, env } from '@/lib/env';
import { loginSchema } from '@/lib/validations/auth';
import { verifyCaptcha } from '@/lib/captcha/verify';
import { captchaConfig } from '@/lib/server/services';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const input = loginSchema.parse(await readJson(req));
    const db = await getDb();
    const ip = clientIp(req.headers, env().TRUST_PROXY);
    const ipHash = hashIp(ip, appSecret());
    const cfg = captchaConfig();
    const captcha = cfg.secret
      ? async () => {
          const r = await verifyCaptcha(db, cfg, input.captchaToken, 'login', ip);
          return r.ok || !!r.outage;
        }
      : undefined;
    const result = await login(db, { ...input.login, password: input.password, ipHash, captcha });
    if (!result.ok) {
      if (result.reason === 'limited') throw new ApiError(429, 'rate_limited', undefined, result.retryAfter);
      // The form runs the captcha and sends the login again with its token.
      if (result.reason === 'captcha') throw new ApiError(400, 'captcha_required');
      throw new ApiError(401, 'invalid_credentials');
    }
    const refresh = await startSession(db, result.user.id);
    const res = NextResponse.json(
      { token: signAccessToken({ sub: result.user.id, scope: result.user.scope }, appSecret()) },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    setSessionCookies(res, refresh);
    return res;
  } catch (err) {
    return errorResponse(err, locale);
  }
}
