// POST /api/booking/hold {tutorId, startsAt} - keeps a free slot while a visitor signs in or registers (GUEST_HOLD_MINUTES; a signed-in student: HOLD_MINUTES): 201 {holdToken, expiresAt}; 409 holds_busy when the tutor has too many guest holds.
import { route } from '@/lib/api/route';
import { assertSameOrigin, optionalUser } from '@/lib/auth/http';
import { holdSlot } from '@/lib/lessons/booking';
import { holdSchema } from '@/lib/validations/booking';

export const POST = route(
  async (ctx) => {
    assertSameOrigin(ctx.req);
    const input = await ctx.body(holdSchema);
    const hold = await holdSlot(ctx.db, input.tutorId, input.startsAt, new Date(), ctx, await optionalUser(ctx.db, ctx.req));
    return { holdToken: hold.holdToken, expiresAt: hold.expiresAt.toISOString() };
  },
  { status: 201 },
);
