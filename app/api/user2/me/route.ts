// POST /api/user2/me/ - the built-in cabinet's contract: {user: {profile_url, image, name} | null, status}.
import { route } from '@/lib/api/route';
import { REFRESH_COOKIE } from '@/lib/auth/http';
import { cabinetHeader } from '@/lib/cabinet/account-view';

export const POST = route(async (ctx) => cabinetHeader(ctx.db, ctx.req.cookies.get(REFRESH_COOKIE)?.value));
