// POST /api/tests/attempt/finish - {answers?} → {test} with the result, scored on the server
// (and, for the Kazakh test, the certificate). Finishing again returns the stored result.
import { route } from '@/lib/api/route';
import { finishAttempt } from '@/lib/quiz/attempts';
import { testToken } from '@/lib/quiz/http';
import { finishSchema } from '@/lib/validations/tests';

export const POST = route(async (ctx) => {
  const input = await ctx.body(finishSchema);
  return { test: await finishAttempt(ctx.db, testToken(ctx.req), input, ctx.locale) };
});
