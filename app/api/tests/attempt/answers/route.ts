// PUT /api/tests/attempt/answers - {answers: {itemId: optionIndex|null}, position?} → {saved}.
import type { NextRequest } from 'next/server';
import { errorResponse, readJson } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { getDb } from '@/lib/db/client';
import { saveAnswers } from '@/lib/quiz/attempts';
import { limitPerToken, noStore, testToken } from '@/lib/quiz/http';
import { saveAnswersSchema } from '@/lib/validations/tests';

export async function PUT(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const input = saveAnswersSchema.parse(await readJson(req));
    const db = await getDb();
    await limitPerToken(db, req, 'save', 400);
    return noStore(await saveAnswers(db, testToken(req), input));
  } catch (err) {
    return errorResponse(err, locale);
  }
}
