// POST /api/auth/login - phone or e-mail and password → {token}; sets the refresh and auth cookies.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { deviceFor, DEVICE_COOKIE } from '@/lib/auth/device';
import { openSession, setDeviceCookie, setSessionCookies } from '@/lib/auth/http';
import { login } from '@/lib/auth/login';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/env';
import { loginSchema } from '@/lib/validations/auth';
import { captchaRefusal } from '@/lib/captcha/refusal';
import { captchaOn, verifyCaptcha } from '@/lib/captcha/verify';
import { captchaConfig } from '@/lib/server/services';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const input = loginSchema.parse(await readJson(req));
    const db = await getDb();
    const cfg = captchaConfig();
    let refused: ReturnType<typeof captchaRefusal> | undefined;
    const captcha = captchaOn(cfg)
      ? async () => {
          const r = await verifyCaptcha(db, cfg, input, 'login', ctx.ip);
          // A token that was sent and scored too low earns the checkbox, not another "captcha required".
          if (!r.ok && r.challenge) refused = captchaRefusal(r);
          return r.ok || !!r.outage;
        }
      : undefined;
    const deviceCookie = req.cookies.get(DEVICE_COOKIE)?.value;
    const result = await login(db, {
      ...input.login,
      password: input.password,
      ipHash: ctx.ipHash,
      rangeHash: ctx.rangeHash,
      deviceOf: (userId) => deviceFor(deviceCookie, userId, appSecret()),
      captcha,
    });
    if (!result.ok) {
      if (result.reason === 'limited') throw new ApiError(429, 'rate_limited', undefined, result.retryAfter);
      // The form runs the captcha and sends the login again with its token.
      if (result.reason === 'captcha') throw refused ?? new ApiError(400, 'captcha_required');
      throw new ApiError(401, 'invalid_credentials');
    }
    const session = await openSession(db, result.user);
    const res = NextResponse.json({ token: session.accessToken }, { headers: { 'Cache-Control': 'no-store' } });
    setSessionCookies(req, res, session.refreshToken);
    if (!deviceFor(deviceCookie, result.user.id, appSecret())) setDeviceCookie(req, res, result.user.id);
    return res;
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
