// GET /api/tests/invitation - the personal invitation behind X-Test-Token: {state, firstName,
// lastName, company, deadline}. POST {consent} - starts its test (or returns the one it started) → 201 {token, test}.
import { route } from '@/lib/api/route';
import { optionalUserId, testToken } from '@/lib/quiz/http';
import { invitationInfo } from '@/lib/quiz/invitation';
import { limitPerIp } from '@/lib/quiz/limits';
import { startInvitationTest } from '@/lib/quiz/sitting';
import { invitationStartSchema } from '@/lib/validations/tests';

export const GET = route(async (ctx) => {
  await limitPerIp(ctx.db, ctx.ipHash, 'invite-info', 60);
  return { invitation: await invitationInfo(ctx.db, testToken(ctx.req)) };
});

export const POST = route(
  async (ctx) => {
    const input = await ctx.body(invitationStartSchema);
    return startInvitationTest(ctx.db, testToken(ctx.req), input, { ...ctx, userId: () => optionalUserId(ctx.db, ctx.req) });
  },
  { status: 201 },
);
