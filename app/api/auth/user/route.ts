// GET /api/auth/user - {user} with scope, for the bearer token.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { profile } from '@/lib/cabinet/account-view';

export const GET = route(async (ctx) => ({ user: await profile(ctx.db, await requireUser(ctx.db, ctx.req)) }));
