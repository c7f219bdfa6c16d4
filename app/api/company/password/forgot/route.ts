// POST /api/company/password/forgot - a fresh set-password link by e-mail; the same answer for any address.
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { requestHrPasswordReset } from '@/lib/company-portal/self';
import { companyForgotSchema } from '@/lib/validations/company-portal';

export const POST = route(async ({ req, db, body, ipHash }) => {
  assertSameOrigin(req);
  const { email } = await body(companyForgotSchema);
  return requestHrPasswordReset(db, { email, ipHash });
});
