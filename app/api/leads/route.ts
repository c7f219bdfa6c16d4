// POST /api/leads - stores a feedback, callback, trial or quiz lead with its utm attribution.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { clientIp, hashIp } from '@/lib/api/client-ip';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { captchaRefusal } from '@/lib/captcha/refusal';
import { verifyCaptcha } from '@/lib/captcha/verify';
import { getDb } from '@/lib/db/client';
import { appSecret, env } from '@/lib/env';
import { createLead } from '@/lib/leads/create';
import { hitAll } from '@/lib/rate-limit';
import { captchaConfig, kickOutbox, runAfterResponse } from '@/lib/server/services';
import { utmFromCookies } from '@/lib/utm';
import { leadRequestSchema } from '@/lib/validations/lead';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const input = leadRequestSchema.parse(await readJson(req));
    const db = await getDb();
    const ip = clientIp(req.headers, env().TRUST_PROXY);
    const ipHash = hashIp(ip, appSecret());
    const limit = await hitAll(db, [
      { key: `lead:ip:${ipHash}`, max: 10, windowSeconds: 600 },
      { key: `lead:phone:${input.phone}`, max: 3, windowSeconds: 3600 },
    ]);
    if (!limit.allowed) throw new ApiError(429, 'rate_limited', undefined, limit.retryAfter);
    const captcha = await verifyCaptcha(db, captchaConfig(), input, 'lead', ip);
    if (!captcha.ok && !captcha.outage) throw captchaRefusal(captcha);
    // A captcha outage must not cost us a real visitor's request: stored, and said in the log.
    if (!captcha.ok) console.warn(`[captcha] verify unavailable (${captcha.reason}); lead accepted`);
    const { first, last } = utmFromCookies(req.cookies.getAll());
    const { id } = await createLead(db, input, {
      locale,
      utmFirst: Object.keys(first).length ? first : last,
      utmLast: last,
      ipHash,
      staffEmail: env().STAFF_EMAIL,
    });
    runAfterResponse(kickOutbox);
    return NextResponse.json({ id }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
