// GET /api/tests/attempt - the attempt behind X-Test-Token (items without answers, saved answers,
// position, result and certificate once finished). Used to resume after a reload.
import type { NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { getDb } from '@/lib/db/client';
import { loadAttempt } from '@/lib/quiz/attempts';
import { noStore, testToken } from '@/lib/quiz/http';

export async function GET(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    return noStore({ test: await loadAttempt(await getDb(), testToken(req), locale) });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
