// GET /api/tests/attempt - the attempt behind X-Test-Token (items without answers, saved answers,
// position, result and certificate once finished). Used to resume after a reload.
import { route } from '@/lib/api/route';
import { loadAttempt } from '@/lib/quiz/attempts';
import { testToken } from '@/lib/quiz/http';

export const GET = route(async (ctx) => ({ test: await loadAttempt(ctx.db, testToken(ctx.req), ctx.locale) }));
