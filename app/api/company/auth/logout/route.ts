// POST /api/company/auth/logout - ends the HR session and clears its cookie.
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { clearCompanyCookie, companyToken } from '@/lib/company-portal/http';
import { endCompanySession } from '@/lib/company-portal/sessions';

export const POST = route(async ({ req, db, json }) => {
  assertSameOrigin(req);
  await endCompanySession(db, companyToken(req.cookies));
  return clearCompanyCookie(req, json({ ok: true }));
});
