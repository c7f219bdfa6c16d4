// POST /api/tests/attempt/finish - {answers?} → {test} with the result, scored on the server
// (and, for the Kazakh test, the certificate). Finishing again returns the stored result.
import type { NextRequest } from 'next/server';
import { errorResponse, readJson } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { getDb } from '@/lib/db/client';
import { finishAttempt } from '@/lib/quiz/attempts';
import { noStore, testToken } from '@/lib/quiz/http';
import { finishSchema } from '@/lib/validations/tests';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const input = finishSchema.parse(await readJson(req));
    return noStore({ test: await finishAttempt(await getDb(), testToken(req), input, locale) });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
