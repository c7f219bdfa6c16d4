// POST /api/booking/hold {tutorId, startsAt} - keeps a free slot for a visitor while they sign in or register (HOLD_MINUTES): 201 {holdToken, expiresAt}.
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { holdSlot } from '@/lib/marketplace/booking';
import { holdSchema } from '@/lib/validations/booking';

export const POST = route(
  async (ctx) => {
    assertSameOrigin(ctx.req);
    const input = await ctx.body(holdSchema);
    const hold = await holdSlot(ctx.db, input.tutorId, input.startsAt, new Date(), ctx);
    return { holdToken: hold.holdToken, expiresAt: hold.expiresAt.toISOString() };
  },
  { status: 201 },
);
