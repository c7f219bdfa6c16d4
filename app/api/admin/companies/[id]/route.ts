// GET /api/admin/companies/[id] - a company, its counts and test links; PATCH - name, slug, active (admins).
import { ApiError } from '@/lib/api/errors';
import { idParam } from '@/lib/api/params';
import { companyDetail, updateCompany } from '@/lib/companies/admin';
import { staffRoute } from '@/lib/staff/http';
import { companyPatchSchema } from '@/lib/validations/companies';

export const GET = staffRoute('sales', async ({ db, params }) => {
  const company = await companyDetail(db, idParam(params));
  if (!company) throw new ApiError(404, 'not_found');
  return company;
});

export const PATCH = staffRoute('admin', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  return updateCompany(db, actor, id, await body(companyPatchSchema));
});
