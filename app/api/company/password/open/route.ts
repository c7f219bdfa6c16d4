// POST /api/company/password/open - who a set-password link is for (the link stays unspent).
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { openPasswordLink } from '@/lib/company-portal/accounts';
import { companyLinkOpenSchema } from '@/lib/validations/company-portal';

export const POST = route(async ({ req, db, body }) => {
  assertSameOrigin(req);
  const { token } = await body(companyLinkOpenSchema);
  return openPasswordLink(db, token);
});
