// GET /api/admin/promo/[id] - one code; PATCH - percent, dates, limit, plans, campaign, active (admins).
import { ApiError } from '@/lib/api/errors';
import { idParam } from '@/lib/api/params';
import { getPromo, updatePromo } from '@/lib/promo/admin';
import { staffRoute } from '@/lib/staff/http';
import { promoPatchSchema } from '@/lib/validations/promo-admin';

export const GET = staffRoute('sales', async ({ db, params }) => {
  const promo = await getPromo(db, idParam(params));
  if (!promo) throw new ApiError(404, 'not_found');
  return promo;
});

export const PATCH = staffRoute('admin', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  return updatePromo(db, actor, id, await body(promoPatchSchema));
});
