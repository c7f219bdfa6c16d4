// PUT /api/tests/attempt/answers - {answers: {itemId: optionIndex|null}, position?} → {saved}.
import { route } from '@/lib/api/route';
import { testToken } from '@/lib/quiz/http';
import { saveSittingAnswers } from '@/lib/quiz/sitting';
import { saveAnswersSchema } from '@/lib/validations/tests';

export const PUT = route(async (ctx) => {
  const input = await ctx.body(saveAnswersSchema);
  return saveSittingAnswers(ctx.db, testToken(ctx.req), input);
});
