// POST /api/tests/kazakh - the Kazakh level test's entry form → 201 {token, test}; once per IIN (409).
import type { NextRequest } from 'next/server';
import { errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { captchaRefusal } from '@/lib/captcha/refusal';
import { verifyCaptcha } from '@/lib/captcha/verify';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/env';
import { startKazakh } from '@/lib/quiz/attempts';
import { noStore, optionalUserId } from '@/lib/quiz/http';
import { limitKazakhByAddress, limitKazakhShared } from '@/lib/quiz/limits';
import { captchaConfig } from '@/lib/server/services';
import { kazakhStartSchema } from '@/lib/validations/tests';

export async function POST(req: NextRequest) {
  const { locale, ip, ipHash, rangeHash } = requestContext(req);
  try {
    // Order matters: the body, then the address limits, the captcha and the shared caps, and only
    // then the once-per-IIN check, so a 409 costs as much as a start and counts against every limit.
    const input = kazakhStartSchema.parse(await readJson(req));
    const db = await getDb();
    await limitKazakhByAddress(db, { ipHash, rangeHash });
    const captcha = await verifyCaptcha(db, captchaConfig(), input, 'kazakh_test', ip);
    if (!captcha.ok && !captcha.outage) throw captchaRefusal(captcha);
    await limitKazakhShared(db, input.company);
    const { token, view } = await startKazakh(db, input, { userId: await optionalUserId(db, req), locale, secret: appSecret() });
    return noStore({ token, test: view }, 201);
  } catch (err) {
    return errorResponse(err, locale);
  }
}
