// GET /api/dev/leads?phone=+77011234567 - recent leads, for development and e2e only (ENABLE_DEV_TOOLS).
import { route } from '@/lib/api/route';
import { recentLeads } from '@/lib/leads/intake/recent';

export const dynamic = 'force-dynamic';

export const GET = route(async (ctx) => ({ leads: await recentLeads(ctx.db, ctx.req.nextUrl.searchParams.get('phone')) }), { devTools: true });
