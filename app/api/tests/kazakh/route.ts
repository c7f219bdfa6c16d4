// POST /api/tests/kazakh - the Kazakh level test's entry form → 201 {token, test}; once per IIN (409).
import { route } from '@/lib/api/route';
import { optionalUserId } from '@/lib/quiz/http';
import { startKazakhTest } from '@/lib/quiz/sitting';
import { kazakhStartSchema } from '@/lib/validations/tests';

export const POST = route(
  async (ctx) => {
    const input = await ctx.body(kazakhStartSchema);
    return startKazakhTest(ctx.db, input, { ...ctx, userId: () => optionalUserId(ctx.db, ctx.req) });
  },
  { status: 201 },
);
