// POST /api/promo/check - prices of the tariff plans with a promo code applied.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { clientIp, hashIp } from '@/lib/api/client-ip';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { getDb } from '@/lib/db/client';
import { appSecret, env } from '@/lib/env';
import { checkPromo } from '@/lib/promo/check';
import { hit } from '@/lib/rate-limit';
import { promoRequestSchema } from '@/lib/validations/promo';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const input = promoRequestSchema.parse(await readJson(req));
    const db = await getDb();
    const ipHash = hashIp(clientIp(req.headers, env().TRUST_PROXY), appSecret());
    // Codes must not be guessable by brute force.
    const limit = await hit(db, { key: `promo:ip:${ipHash}`, max: 30, windowSeconds: 600 });
    if (!limit.allowed) throw new ApiError(429, 'rate_limited', undefined, limit.retryAfter);
    const result = await checkPromo(db, input.code, input.audience);
    if (!result.ok) {
      throw new ApiError(result.reason === 'promo_not_found' ? 404 : 422, result.reason, { code: result.reason });
    }
    return NextResponse.json(result.quote, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
