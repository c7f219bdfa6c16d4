// GET /api/company/me - the signed-in HR person and their company.
import { companyRoute } from '@/lib/company-portal/http';

export const GET = companyRoute(async ({ member }) => ({
  name: member.name,
  email: member.email,
  company: { id: member.companyId, name: member.companyName },
  scope: member.scope,
  totp: member.totp,
}));
