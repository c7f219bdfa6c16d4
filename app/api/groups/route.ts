// GET /api/groups?subject=&level=&ageBand=&weekday=&tutorId= - public: open and running groups on sale (never a company's), with seats left and prices in tiyn; an unknown filter value is ignored.
import { route } from '@/lib/api/route';
import { publicGroups } from '@/lib/groups/catalogue';
import { groupQuerySchema } from '@/lib/validations/groups';

export const GET = route(async (ctx) => ({ groups: await publicGroups(ctx.db, ctx.query(groupQuerySchema)) }));
