// POST /api/groups/[id]/waitlist - the signed-in student joins a full group's waitlist: {entry} (their place); DELETE - leaves it (an offer given up goes to the next).
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { joinWaitlist, leaveWaitlist } from '@/lib/groups/waitlist';

export const POST = route(async (ctx) => ({ entry: await joinWaitlist(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params)) }), { status: 201 });

export const DELETE = route(async (ctx) => {
  await leaveWaitlist(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params));
  return { ok: true };
});
