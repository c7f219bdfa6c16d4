// GET /api/groups/[id] - public: one group's page (every lesson's time, seats left, prices in tiyn); 404 for a draft, a cancelled or a company's group.
import { ApiError } from '@/lib/api/errors';
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { publicGroup } from '@/lib/groups/catalogue';

export const GET = route(async (ctx) => {
  const group = await publicGroup(ctx.db, idParam(ctx.params));
  if (!group) throw new ApiError(404, 'not_found');
  return { group };
});
