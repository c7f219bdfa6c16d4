// POST /api/tests/placement - starts an English placement test: {company?} → 201 {token, test}.
import { route } from '@/lib/api/route';
import { optionalUserId } from '@/lib/quiz/http';
import { startPlacementTest } from '@/lib/quiz/sitting';
import { placementStartSchema } from '@/lib/validations/tests';

export const POST = route(
  async (ctx) => {
    const input = await ctx.body(placementStartSchema);
    return startPlacementTest(ctx.db, input, { ...ctx, userId: () => optionalUserId(ctx.db, ctx.req) });
  },
  { status: 201 },
);
