// POST /api/tests/kazakh - the Kazakh level test's entry form → 201 {token, test}; once per IIN (409).
import type { NextRequest } from 'next/server';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { verifyCaptcha } from '@/lib/captcha/verify';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/env';
import { startKazakh } from '@/lib/quiz/attempts';
import { noStore, optionalUserId } from '@/lib/quiz/http';
import { hitAll } from '@/lib/rate-limit';
import { captchaConfig } from '@/lib/server/services';
import { kazakhStartSchema } from '@/lib/validations/tests';

export async function POST(req: NextRequest) {
  const { locale, ip, ipHash } = requestContext(req);
  try {
    const input = kazakhStartSchema.parse(await readJson(req));
    const db = await getDb();
    // A company's employees may sit the test together behind one address: a generous limit that
    // still stops anyone probing which IINs have taken the test.
    const limit = await hitAll(db, [{ key: `test:kazakh:ip:${ipHash}`, max: 60, windowSeconds: 600 }]);
    if (!limit.allowed) throw new ApiError(429, 'rate_limited', undefined, limit.retryAfter);
    const captcha = await verifyCaptcha(db, captchaConfig(), input.captchaToken, 'kazakh_test', ip);
    if (!captcha.ok && !captcha.outage) throw new ApiError(400, 'captcha_failed');
    const { token, view } = await startKazakh(db, input, { userId: optionalUserId(req), locale, secret: appSecret() });
    return noStore({ token, test: view }, 201);
  } catch (err) {
    return errorResponse(err, locale);
  }
}
