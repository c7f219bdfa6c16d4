// GET /api/dev/outbox?phone=+77011234567 - recent outbox SMS with their codes, for development and
// e2e only (ENABLE_DEV_TOOLS); 422 for a phone that is not a Kazakhstan mobile.
import { route } from '@/lib/api/route';
import { recentSms } from '@/lib/sms/recent';

export const dynamic = 'force-dynamic';

export const GET = route(async (ctx) => ({ messages: await recentSms(ctx.db, ctx.req.nextUrl.searchParams.get('phone')) }), { devTools: true });
